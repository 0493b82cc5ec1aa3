import { useEffect, useRef } from 'react';
import { Button, Flex, Progress, Spin, Typography } from 'antd';
import { AudioOutlined, CloseOutlined, ExclamationCircleOutlined, PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useMediaUpload } from '@/client/features/content/use-media-upload';
import { uploadStatusUrl, uploadUrlOf } from '../feeds.api';
import type { UploadEntry } from '../composer-values';
import styles from './feed-composer.module.css';

export interface UploadItemProps {
  entry: UploadEntry;
  onChange: (key: string, patch: Partial<UploadEntry>) => void;
  onRemove: (key: string) => void;
  disabled?: boolean;
}

const ICONS = { image: <PictureOutlined />, video: <VideoCameraOutlined />, audio: <AudioOutlined /> } as const;

/**
 * One file of the composer. A picked file is uploaded as soon as it appears (progress in percent),
 * then a video or audio file is followed through processing by the owner-only status route; the
 * entry's state goes back to the composer, which sends only finished or processing files.
 */
export function UploadItem({ entry, onChange, onRemove, disabled }: UploadItemProps) {
  const upload = useMediaUpload(uploadUrlOf(entry.kind), { statusUrl: uploadStatusUrl });
  // Strict mode runs effects twice; the file goes up once.
  const started = useRef(false);

  useEffect(() => {
    if (entry.picked && !entry.file && !started.current) {
      started.current = true;
      void upload.start(entry.picked);
    }
    // Only when the entry first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!started.current) return;
    onChange(entry.key, { phase: upload.phase, file: upload.file, error: upload.error });
    // onChange is the composer's setter; the upload's state is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [upload.phase, upload.file, upload.error]);

  const phase = started.current ? upload.phase : entry.phase;
  const file = started.current ? upload.file : entry.file;
  const error = started.current ? upload.error : entry.error;
  const name = entry.picked?.name || file?.name || 'File';
  const kind = file?.kind ?? (entry.kind === 'audio' ? 'audio' : entry.kind === 'photo' || entry.kind === 'thumbnail' ? 'image' : 'video');
  const picture = kind === 'image' || kind === 'video' ? file?.thumbnails[0] : undefined;

  let status;
  if (phase === 'uploading') {
    status = <Progress percent={upload.percent} size="small" status="active" aria-label={`${name} upload progress`} />;
  } else if (phase === 'processing') {
    status = (
      <Flex gap={6} align="center">
        <Spin size="small" />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>Processing… you can save the post meanwhile</Typography.Text>
      </Flex>
    );
  } else if (phase === 'failed' || (error && !file)) {
    status = (
      <Typography.Text type="danger" style={{ fontSize: 12 }}>
        <ExclamationCircleOutlined /> {error || 'This file could not be processed'}
      </Typography.Text>
    );
  } else {
    status = <Typography.Text type="secondary" style={{ fontSize: 12 }}>Ready</Typography.Text>;
  }

  return (
    <li className={styles.item} aria-label={name}>
      <div className={styles.itemPicture} aria-hidden>
        {picture ? <img src={picture} alt="" /> : ICONS[kind as keyof typeof ICONS] ?? ICONS.image}
      </div>
      <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text ellipsis style={{ maxWidth: '100%' }}>{name}</Typography.Text>
        {status}
      </Flex>
      <Button
        type="text"
        icon={<CloseOutlined />}
        aria-label={`Remove ${name}`}
        disabled={disabled}
        onClick={() => {
          upload.reset();
          onRemove(entry.key);
        }}
      />
    </li>
  );
}
