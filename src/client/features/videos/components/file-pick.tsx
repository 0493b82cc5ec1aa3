import type { ReactNode } from 'react';
import { Button, Flex, Typography, Upload } from 'antd';
import { CloseOutlined, PaperClipOutlined } from '@ant-design/icons';
import { formatFileSize } from '@/client/lib/format-amount';

interface Props {
  label: string;
  accept: string;
  buttonText: string;
  hint: string;
  file: File | undefined;
  /** A file was chosen (the caller checks it and keeps it, or shows why not in `error`). */
  onPick: (file: File) => void;
  onClear: () => void;
  error?: string | null;
  disabled?: boolean;
  /** What is there now (edit: the current file, its state and its remove button). */
  current?: ReactNode;
}


/** Picks one file to send with the form (nothing is uploaded until the form is saved). */
export function FilePick({ label, accept, buttonText, hint, file, onPick, onClear, error, disabled, current }: Props) {
  return (
    <Flex vertical gap={6}>
      <Typography.Text strong>{label}</Typography.Text>
      {current}
      <Flex gap={8} align="center" wrap>
        <Upload
          accept={accept}
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(picked) => {
            onPick(picked);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<PaperClipOutlined />} disabled={disabled} aria-label={`${buttonText} (${label})`}>
            {buttonText}
          </Button>
        </Upload>
        {file ? (
          <Flex gap={4} align="center" style={{ minWidth: 0 }}>
            <Typography.Text ellipsis style={{ maxWidth: 220 }} title={file.name}>
              {file.name}
            </Typography.Text>
            <Typography.Text type="secondary">({formatFileSize(file.size)})</Typography.Text>
            <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`Do not send ${file.name}`} onClick={onClear} disabled={disabled} />
          </Flex>
        ) : null}
      </Flex>
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      )}
    </Flex>
  );
}
