import { useState, type ReactNode } from 'react';
import { Button, Flex, Progress, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { PerformerAccount } from '@/common/contract/performers';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import type { AccountEnvelope, Progress as OnProgress } from '../performer.api';

interface Props {
  /** "Avatar", "Cover image"…: names the button's purpose and the progress bar. */
  label: string;
  accept: string;
  hint: string;
  buttonText: string;
  preview: ReactNode;
  /** A reason to refuse the file before sending it, or null. */
  check: (file: File) => string | null;
  send: (file: File, onProgress: OnProgress) => Promise<AccountEnvelope>;
  onUploaded: (account: PerformerAccount) => void;
  extra?: ReactNode;
}

/** Picks a file and uploads it at once, with a progress bar in percent (DESIGN 5). */
export function MediaUploadField({ label, accept, hint, buttonText, preview, check, send, onUploaded, extra }: Props) {
  const [progress, setProgress] = useState<number | null>(null);

  const start = async (file: File) => {
    setProgress(0);
    try {
      const res = await send(file, setProgress);
      onUploaded(res.data);
      toast.success(`${label} updated`);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Flex gap={16} align="center" wrap>
      {preview}
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 200 }}>
        <Flex gap={8} wrap>
          <Upload
            accept={accept}
            showUploadList={false}
            disabled={uploading}
            beforeUpload={(file) => {
              const problem = check(file);
              if (problem) toast.error(problem);
              else void start(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading} aria-label={`${buttonText}`}>
              {uploading ? 'Uploading…' : buttonText}
            </Button>
          </Upload>
          {extra}
        </Flex>
        {uploading ? (
          <Progress percent={progress} size="small" status="active" aria-label={`${label} upload progress`} />
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {hint}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
