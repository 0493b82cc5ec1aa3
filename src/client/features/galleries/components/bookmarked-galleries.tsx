import { galleryRoutes } from '@/common/contract/galleries';
import { BookmarkedList } from '@/client/features/social/components/bookmarked-list';
import { GalleryGrid } from './gallery-card';

/** The Galleries tab of /user/bookmarks (GET /reactions/galleries/bookmark), newest bookmark first. */
export function BookmarkedGalleries() {
  return (
    <BookmarkedList
      route={galleryRoutes.bookmarks}
      noun="galleries"
      render={(galleries) => <GalleryGrid galleries={galleries} hrefOf={(g) => `/gallery/${g._id}`} label="Bookmarked galleries" />}
    />
  );
}
