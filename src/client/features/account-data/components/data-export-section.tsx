import { Alert, Button, Card, Flex, Skeleton, Spin, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_TTL_DAYS } from '@/common/contract/account-data';
import { formatDate } from '@/client/lib/format-date';
import { formatFileSize } from '@/client/lib/format-amount';
import { useDataExport } from '../use-data-export';

const sizeText = (bytes: number | null) => (bytes === null ? '' : formatFileSize(bytes));

/**
 * "Your data": ask for a copy of everything the account holds (a ZIP), see it being prepared,
 * download it while it lasts, or read why it failed and try again.
 */
export function DataExportSection() {
  const { current, loading, loadError, starting, actionError, start, download, reload } = useDataExport();

  let body;
  if (loading) body = <Skeleton active paragraph={{ rows: 1 }} />;
  else if (loadError) {
    body = <Alert type="error" showIcon title="Your data export could not be loaded" description={loadError} action={<Button onClick={() => reload()}>Retry</Button>} />;
  } else if (current?.status === 'pending') {
    body = (
      <Flex align="center" gap={12} role="status">
        <Spin size="small" />
        <Typography.Text>Preparing your data… We will also email you when it is ready.</Typography.Text>
      </Flex>
    );
  } else if (current?.status === 'ready') {
    body = (
      <Flex vertical gap={8}>
        <Typography.Text>
          Your data is ready ({sizeText(current.sizeBytes)}). You can download it until {current.expiresAt ? formatDate(current.expiresAt, { withTime: true }) : 'it expires'}.
        </Typography.Text>
        <Flex gap={8} wrap>
          <Button type="primary" icon={<DownloadOutlined />} onClick={download}>Download your data</Button>
          <Button onClick={start} loading={starting}>Prepare a new copy</Button>
        </Flex>
      </Flex>
    );
  } else {
    body = (
      <Flex vertical gap={8} align="start">
        {current?.status === 'failed' ? <Alert type="error" showIcon title={current.error ?? 'Your data could not be prepared.'} /> : null}
        <Button type="primary" onClick={start} loading={starting}>{current?.status === 'failed' ? 'Try again' : 'Request your data'}</Button>
      </Flex>
    );
  }

  return (
    <Card title="Your data">
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Download a copy of your account: profile, messages, purchases, subscriptions, wallet and earnings transactions (as CSV) and a list of
          the files you uploaded with download links. The copy is kept for {EXPORT_TTL_DAYS} days.
        </Typography.Paragraph>
        {body}
        {actionError ? <Alert type="error" showIcon title={actionError} /> : null}
      </Flex>
    </Card>
  );
}
