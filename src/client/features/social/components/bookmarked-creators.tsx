import { reactionRoutes } from '@/common/contract/social';
import { PerformerGrid } from '@/client/features/discovery/components/performer-grid';
import { BookmarkedList } from './bookmarked-list';

/** The Creators tab of /user/bookmarks (GET /reactions/performers/bookmark). */
export function BookmarkedCreators() {
  return (
    <BookmarkedList
      route={reactionRoutes.performerBookmarks}
      noun="creators"
      render={(bookmarks) => (
        <PerformerGrid performers={bookmarks?.map((b) => b.performer)} skeletons={bookmarks ? undefined : 6} label="Bookmarked creators" />
      )}
    />
  );
}
