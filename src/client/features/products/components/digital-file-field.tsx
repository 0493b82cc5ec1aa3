import { Button, Flex, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import type { ProductDigitalFile } from '@/common/contract/products';
import { formatFileSize } from '@/client/lib/format-amount';

/** What fans can buy as a file: documents (PDF, ZIP, EPUB), pictures, audio and video. */
export const DIGITAL_FILE_ACCEPT = '.pdf,.zip,.epub,image/jpeg,image/png,image/webp,image/gif,audio/*,video/*';

const STATUS: Record<ProductDigitalFile['status'], { color: string; text: string }> = {
  pending: { color: 'processing', text: 'Processing…' },
  processing: { color: 'processing', text: 'Processing…' },
  ready: { color: 'success', text: 'Ready for buyers' },
  failed: { color: 'error', text: 'Processing failed' },
};

interface DigitalFileFieldProps {
  /** A newly picked file, sent with the form. */
  value?: File | null;
  onChange?: (file: File | null) => void;
  /** The file the product has now (edit). */
  current?: ProductDigitalFile | null;
  disabled?: boolean;
  id?: string;
}

/** The file buyers download: the current one with its processing state, or a newly picked replacement. */
export function DigitalFileField({ value, onChange, current, disabled, id }: DigitalFileFieldProps) {
  const picker = (label: string) => (
    <Upload
      id={id}
      accept={DIGITAL_FILE_ACCEPT}
      multiple={false}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        onChange?.(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<UploadOutlined />} disabled={disabled}>
        {label}
      </Button>
    </Upload>
  );

  if (value) {
    return (
      <Flex gap={8} align="center" wrap>
        <FileOutlined />
        <Typography.Text ellipsis style={{ maxWidth: 240 }}>{value.name}</Typography.Text>
        <Typography.Text type="secondary">{formatFileSize(value.size)}</Typography.Text>
        <Button size="small" icon={<DeleteOutlined />} onClick={() => onChange?.(null)} disabled={disabled} aria-label={`Remove ${value.name}`}>
          {current ? 'Keep the current file' : 'Remove'}
        </Button>
      </Flex>
    );
  }
  if (current) {
    const state = STATUS[current.status];
    return (
      <Flex vertical gap={6}>
        <Flex gap={8} align="center" wrap>
          <FileOutlined />
          <Typography.Text ellipsis style={{ maxWidth: 240 }}>{current.name}</Typography.Text>
          <Typography.Text type="secondary">{formatFileSize(current.size)}</Typography.Text>
          <Tag color={state.color}>{state.text}</Tag>
        </Flex>
        {current.status === 'failed' && current.failureReason ? <Typography.Text type="danger">{current.failureReason}</Typography.Text> : null}
        <div>{picker('Replace file')}</div>
      </Flex>
    );
  }
  return picker('Choose file');
}
