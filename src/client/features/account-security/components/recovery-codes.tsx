import { Alert, Button, Flex, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { COPIED, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';

/** The ten recovery codes, shown once right after 2FA is turned on: copy or download them now. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(COPIED);
    } catch (err) {
      toast.error(getErrorMessage(err, 'Could not copy; select the codes and copy them by hand'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Flex vertical gap={12}>
      <Alert
        type="warning"
        showIcon
        title="Save your recovery codes now"
        description="Each code signs you in once if you lose your phone. They will not be shown again."
      />
      <Typography.Paragraph>
        <pre aria-label="Recovery codes" style={{ columns: 2, margin: 0 }}>{codes.join('\n')}</pre>
      </Typography.Paragraph>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>Copy</Button>
        <Button icon={<DownloadOutlined />} onClick={download}>Download</Button>
        <Button type="primary" onClick={onDone}>I have saved them</Button>
      </Flex>
    </Flex>
  );
}
