import Link from 'next/link';
import { EyeOutlined, HeartOutlined, LockOutlined } from '@ant-design/icons';
import type { Video } from '@/common/contract/videos';
import { formatTokens } from '@/client/lib/format-amount';
import { formatCompact } from '@/client/lib/format-amount';
import { formatDuration, videoPicture } from '../video-format';
import styles from './video-card.module.css';

/** Badge text for a locked video: its price, or that it is for subscribers. */
export const lockLabel = (video: Pick<Video, 'access' | 'price'>) => (video.access === 'sale' ? formatTokens(video.price) : 'Subscribers');

/** A video in a grid: picture (blurred when locked), duration, lock and price, views and likes. */
export function VideoCard({ video, showState }: { video: Video; showState?: boolean }) {
  const duration = formatDuration(video.duration);
  const state = video.status === 'draft' ? 'Draft' : video.isScheduled ? 'Scheduled' : null;
  return (
    <article className={styles.card} aria-label={video.title}>
      <div className={`${styles.picture} ${video.isLocked ? styles.locked : ''}`}>
        <img src={videoPicture(video)} alt="" loading="lazy" />
        {video.isLocked ? (
          <span className={`${styles.badge} ${styles.lock}`}>
            <LockOutlined aria-hidden /> {lockLabel(video)}
          </span>
        ) : null}
        {showState && state ? <span className={`${styles.badge} ${styles.state}`}>{state}</span> : null}
        {duration ? <span className={`${styles.badge} ${styles.duration}`} aria-label={`Duration ${duration}`}>{duration}</span> : null}
      </div>
      <div className={styles.body}>
        <Link href={`/video/${video._id}`} className={styles.title} title={video.title}>
          {video.title}
        </Link>
        <div className={styles.meta}>
          <span aria-label={`${video.stats.views} views`}>
            <EyeOutlined aria-hidden /> {formatCompact(video.stats.views)}
          </span>
          <span aria-label={`${video.stats.likes} likes`}>
            <HeartOutlined aria-hidden /> {formatCompact(video.stats.likes)}
          </span>
        </div>
      </div>
    </article>
  );
}
