import { PageTitle } from '@/client/components/page-title';
import { BookmarksPage } from '@/client/features/social/components/bookmarks-page';
import type { AppPage } from '@/client/layouts/page-types';

const UserBookmarksPage: AppPage = () => (
  <>
    <PageTitle title="Bookmarks" />
    <BookmarksPage />
  </>
);

UserBookmarksPage.authenticate = true;

export default UserBookmarksPage;
