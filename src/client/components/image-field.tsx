import { useEffect, useMemo } from 'react';
import { Button, Flex, Typography, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { toast } from '@/client/lib/toast';
import { formatFileSize } from '@/client/lib/format-amount';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Checks a picked image the way the server will (type and size), with a readable reason. */
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'Please choose a JPEG, PNG, WebP or GIF image';
  if (file.size > IMAGE_MAX_BYTES) return 'The image must be 10 MB or smaller';
  return null;
}


interface ImageFieldProps {
  value?: File | null;
  onChange?: (file: File | null) => void;
  /** Shown on the empty drop zone. */
  hint: string;
  id?: string;
  disabled?: boolean;
}

/**
 * A single image picked for a form (not uploaded on its own): a drop zone, then a preview with a
 * remove button. Works as a controlled Form.Item child (value/onChange).
 */
export function ImageField({ value, onChange, hint, id, disabled }: ImageFieldProps) {
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  if (value && preview) {
    return (
      <Flex gap={16} align="center" wrap>
        {/* plain <img>: local object URL preview */}
        <img
          src={preview}
          alt="Preview"
          style={{ width: 120, height: 90, objectFit: 'cover', borderRadius: 8, border: '1px solid var(--app-border)' }}
        />
        <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text ellipsis style={{ maxWidth: 220 }}>
            {value.name}
          </Typography.Text>
          <Typography.Text type="secondary">{formatFileSize(value.size)}</Typography.Text>
          <Button size="small" icon={<DeleteOutlined />} onClick={() => onChange?.(null)} disabled={disabled} style={{ alignSelf: 'flex-start' }}>
            Remove
          </Button>
        </Flex>
      </Flex>
    );
  }

  return (
    <Upload.Dragger
      id={id}
      accept={IMAGE_TYPES.join(',')}
      multiple={false}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        const problem = imageProblem(file);
        if (problem) toast.error(problem);
        else onChange?.(file);
        // Kept in the form and sent with it, never uploaded on its own.
        return Upload.LIST_IGNORE;
      }}
      style={{ padding: '8px 0' }}
    >
      <p style={{ fontSize: 28, margin: 0, color: '#42b1e8' }}>
        <PictureOutlined />
      </p>
      <p style={{ margin: '4px 0 0' }}>{hint}</p>
      <p className="app-muted" style={{ margin: 0, fontSize: 12 }}>
        JPEG, PNG, WebP or GIF, up to 10 MB
      </p>
    </Upload.Dragger>
  );
}
