import { Skeleton } from 'antd';
import type { Video } from '@/common/contract/videos';
import { VideoCard } from './video-card';
import gridStyles from './video-grid.module.css';

interface Props {
  /** undefined while loading: skeleton cards. */
  videos: Video[] | undefined;
  label: string;
  skeletons?: number;
  /** Draft and scheduled badges (the creator's own videos). */
  showState?: boolean;
}

/** Video cards: one column on phones, as many 230 px+ columns as fit on wider screens. */
export function VideoGrid({ videos, label, skeletons = 6, showState }: Props) {
  if (!videos) {
    return (
      <ul className={gridStyles.grid} aria-label={label} aria-busy="true">
        {Array.from({ length: skeletons }, (_, i) => (
          <li key={i}>
            <div className={gridStyles.skeletonPicture} />
            <Skeleton active title paragraph={{ rows: 1 }} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={gridStyles.grid} aria-label={label}>
      {videos.map((video) => (
        <li key={video._id}>
          <VideoCard video={video} showState={showState} />
        </li>
      ))}
    </ul>
  );
}
