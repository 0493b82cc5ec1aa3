import { useEffect, useRef } from 'react';
import { Button, Flex, Progress, Typography } from 'antd';
import { CloseOutlined, FileImageOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { MediaFileView } from '@/common/contract/media';
import { useMediaUpload, type UploadPhase } from '@/client/features/content/use-media-upload';
import { MESSAGE_UPLOAD_URLS } from '../messages.api';

export type AttachmentKind = keyof typeof MESSAGE_UPLOAD_URLS;

export interface PickedAttachment {
  key: string;
  kind: AttachmentKind;
  file: File;
}

export interface AttachmentState {
  phase: UploadPhase;
  uploaded: MediaFileView | null;
}

interface Props {
  item: PickedAttachment;
  onChange: (key: string, state: AttachmentState) => void;
  onRemove: (key: string) => void;
}

/**
 * One picked photo or video: uploaded at once through the media pipeline with a progress bar
 * (spec 7), so the message only names its id. A video keeps processing after the upload; the
 * message may be sent meanwhile and shows "Processing" until it is ready.
 */
export function MessageAttachment({ item, onChange, onRemove }: Props) {
  const upload = useMediaUpload(MESSAGE_UPLOAD_URLS[item.kind]);
  const started = useRef(false);
  const { start } = upload;

  useEffect(() => {
    // Once per picked file (a strict-mode re-run of the effect must not upload it twice).
    if (started.current) return;
    started.current = true;
    void start(item.file);
  }, [start, item.file]);

  useEffect(() => {
    onChange(item.key, { phase: upload.phase, uploaded: upload.file });
  }, [onChange, item.key, upload.phase, upload.file]);

  const failed = upload.phase === 'failed' || (upload.phase === 'idle' && Boolean(upload.error));
  const Icon = item.kind === 'video' ? VideoCameraOutlined : FileImageOutlined;
  return (
    <Flex align="center" gap={8} data-testid="attachment">
      <Icon aria-hidden />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text ellipsis>{item.file.name}</Typography.Text>
        {upload.phase === 'uploading' ? (
          <Progress percent={upload.percent} size="small" aria-label={`Uploading ${item.file.name}`} />
        ) : null}
        {upload.phase === 'processing' ? <Typography.Text type="secondary">Uploaded; the video is processed after sending</Typography.Text> : null}
        {upload.phase === 'ready' ? <Typography.Text type="secondary">Ready to send</Typography.Text> : null}
        {failed ? <Typography.Text type="danger">{upload.error || 'Upload failed'}</Typography.Text> : null}
      </Flex>
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`Remove ${item.file.name}`} onClick={() => onRemove(item.key)} />
    </Flex>
  );
}
