import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import type { MediaFileStatus } from '@/common/contract/media';
import type { VideoStatus } from '@/common/contract/videos';
import { fetcher } from '@/client/lib/fetcher';
import { useAppSelector } from '@/client/store/hooks';
import { STATUS_POLL_MS } from '@/client/features/content/use-media-upload';
import { videoStatusUrl } from '../videos.api';
import { VideoFileState } from './video-file-state';

const busy = (s: Pick<MediaFileStatus, 'status'> | null | undefined) => s?.status === 'pending' || s?.status === 'processing';

interface Props {
  videoId: string;
  /** Which file to show: the main video or the teaser. */
  file: 'video' | 'teaser';
  /** The state the page already knows (from the video's answer). */
  initial: MediaFileStatus | null;
  /** Called once when a file that was processing is ready or failed. */
  onSettled?: () => void;
}

/**
 * Spec 4: video processing status is polled through the status endpoint. While the file is
 * pending or processing this asks every STATUS_POLL_MS ("Processing…"); then it shows ready, or
 * the failure reason, and stops.
 */
export function VideoProcessing({ videoId, file, initial, onSettled }: Props) {
  const viewer = useAppSelector((s) => s.user.current._id);
  const polling = busy(initial);
  const { data } = useSWR<{ data: VideoStatus }>(polling ? [videoStatusUrl(videoId), viewer] : null, ([url]: [string]) => fetcher([url]), {
    refreshInterval: (latest) => (latest && !busy(latest.data[file]) ? 0 : STATUS_POLL_MS),
    shouldRetryOnError: true,
    errorRetryInterval: STATUS_POLL_MS,
  });
  const status = data?.data[file] ?? initial;
  const settled = useRef(false);
  useEffect(() => {
    if (polling && data && !busy(data.data[file]) && !settled.current) {
      settled.current = true;
      onSettled?.();
    }
  }, [polling, data, file, onSettled]);
  return <VideoFileState status={status} withReason />;
}
