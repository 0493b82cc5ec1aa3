import { useEffect, useRef } from 'react';
import type { MediaFileView } from '@/common/contract/media';
import { MediaView } from '@/client/features/content/components/media-view';
import { usePlayerVolume } from '../use-player-volume';

interface Props {
  file: MediaFileView;
  label: string;
  isOwner?: boolean;
  poster?: string;
  /** Called the first time playback starts. */
  onPlay?: () => void;
}

/**
 * MediaView's player (processing and failure states included) starting at the viewer's volume,
 * and remembering a volume they set for the next video.
 */
export function VideoPlayer({ file, label, isOwner, poster, onPlay }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const { volume, remember } = usePlayerVolume();
  // Read inside the listener without re-subscribing on every change.
  const latest = useRef({ remember, onPlay });
  latest.current = { remember, onPlay };

  useEffect(() => {
    const element = frame.current?.querySelector('video');
    if (!element) return undefined;
    element.volume = volume;
    let played = false;
    const changed = () => latest.current.remember(element.volume);
    const started = () => {
      if (played) return;
      played = true;
      latest.current.onPlay?.();
    };
    element.addEventListener('volumechange', changed);
    element.addEventListener('play', started);
    return () => {
      element.removeEventListener('volumechange', changed);
      element.removeEventListener('play', started);
    };
    // The volume is applied when the element appears; later changes come from the element itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file.url, file.status]);

  return (
    <div ref={frame}>
      <MediaView file={file} label={label} isOwner={isOwner} poster={poster} />
    </div>
  );
}
