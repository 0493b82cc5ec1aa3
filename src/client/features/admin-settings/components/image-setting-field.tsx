import { useState } from 'react';
import { Button, Flex, Input, Progress, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { SettingImageKey } from '@/common/contract/settings';
import { IMAGE_TYPES, imageProblem } from '@/client/components/image-field';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { uploadSettingImage } from '../admin-settings.api';

interface Props {
  settingKey: SettingImageKey;
  /** What the image is, for the preview's name ("Logo"). */
  label: string;
  /** What the preview sits on: a dark logo is judged on a dark header. */
  background?: 'light' | 'dark';
  /** The picture's box in the preview. */
  previewSize?: { width: number; height: number };
  /** Called once the server stored the upload and set the setting. */
  onUploaded: (key: SettingImageKey, url: string) => void;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/**
 * An image setting as a link (typed: http(s) or a path on the site, saved with its group) or an
 * upload, which the server re-encodes, stores and sets at once (one write path, one audit row),
 * with a preview of what visitors will see.
 */
export function ImageSettingField({ settingKey, label, background = 'light', previewSize = { width: 160, height: 64 }, onUploaded, value = '', onChange, id }: Props) {
  const [progress, setProgress] = useState<number | null>(null);

  const send = async (file: File) => {
    setProgress(0);
    try {
      const res = await uploadSettingImage(settingKey, file, setProgress);
      onChange?.(res.data.url);
      onUploaded(settingKey, res.data.url);
      toast.success('Image uploaded and in use');
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Flex gap={16} align="center" wrap>
      <div
        aria-label={`${label} preview`}
        role="img"
        style={{
          ...previewSize, display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: 8, overflow: 'hidden',
          border: '1px solid var(--app-border)', background: background === 'dark' ? '#141414' : '#ffffff', flex: 'none',
        }}
      >
        {value ? (
          // plain <img>: an operator-provided link or our public file, any size
          <img src={value} alt="" style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12, color: background === 'dark' ? '#8c8c8c' : undefined }}>None</Typography.Text>
        )}
      </div>
      <Flex vertical gap={8} style={{ flex: '1 1 240px', minWidth: 0 }}>
        <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value)} placeholder="https://… or /images/…" allowClear />
        <Flex gap={8} align="center" wrap>
          <Upload
            accept={IMAGE_TYPES.join(',')}
            showUploadList={false}
            multiple={false}
            disabled={progress !== null}
            beforeUpload={(file) => {
              const problem = imageProblem(file);
              if (problem) toast.error(problem);
              else void send(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={progress !== null}>Upload</Button>
          </Upload>
          {progress !== null ? <Progress percent={progress} size="small" style={{ width: 120, margin: 0 }} /> : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>An upload is used at once; a typed link is used when you save.</Typography.Text>
        </Flex>
      </Flex>
    </Flex>
  );
}
