import { videoRoutes } from '@/common/contract/videos';
import { BookmarkedList } from '@/client/features/social/components/bookmarked-list';
import { VideoGrid } from './video-grid';

/** The Videos tab of /user/bookmarks (GET /reactions/videos/bookmark), newest bookmark first. */
export function BookmarkedVideos() {
  return <BookmarkedList route={videoRoutes.bookmarks} noun="videos" render={(videos) => <VideoGrid videos={videos} label="Bookmarked videos" />} />;
}
