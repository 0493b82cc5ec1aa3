import { Flex, Spin, Typography } from 'antd';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import type { MediaFileView } from '@/common/contract/media';

export interface MediaViewProps {
  file: MediaFileView;
  /** Accessible name for the picture or player. */
  label: string;
  /** The viewer owns the file: a failure shows its reason. */
  isOwner?: boolean;
  /** Poster for a video when the file has no thumbnail of its own. */
  poster?: string;
}

/**
 * One unlocked file: a picture, a video player (range requests make seeking work) or an audio
 * player; "Processing" while the job runs; the failure reason for the owner. Locked files are
 * drawn by LockedMedia instead: they carry no URL.
 */
export function MediaView({ file, label, isOwner, poster }: MediaViewProps) {
  if (file.status === 'pending' || file.status === 'processing') {
    return (
      <Flex vertical align="center" justify="center" gap={8} style={{ minHeight: 180, borderRadius: 8, background: 'rgba(127,127,127,0.12)' }}>
        <Spin />
        <Typography.Text type="secondary">Processing {file.kind === 'audio' ? 'audio' : 'video'}… it will appear here when ready.</Typography.Text>
      </Flex>
    );
  }
  if (file.status === 'failed' || !file.url) {
    if (!isOwner) return null;
    return (
      <Flex align="center" gap={8} style={{ padding: 16, borderRadius: 8, background: 'rgba(255,77,79,0.1)' }}>
        <ExclamationCircleOutlined style={{ color: '#ff4d4f' }} />
        <Typography.Text>{file.failureReason || 'This file could not be processed.'}</Typography.Text>
      </Flex>
    );
  }
  if (file.kind === 'video') {
    return (
      <video
        controls
        preload="metadata"
        playsInline
        src={file.url}
        poster={file.thumbnails[0] || poster}
        aria-label={label}
        style={{ width: '100%', maxHeight: '70vh', borderRadius: 8, background: '#000' }}
      />
    );
  }
  if (file.kind === 'audio') return <audio controls preload="metadata" src={file.url} aria-label={label} style={{ width: '100%' }} />;
  return <img src={file.url} alt={label} width={file.width ?? undefined} height={file.height ?? undefined} style={{ width: '100%', height: 'auto', borderRadius: 8, display: 'block' }} />;
}
