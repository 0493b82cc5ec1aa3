import { PageTitle } from '@/client/components/page-title';
import { MyPostsPage } from '@/client/features/feeds/components/my-posts-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/my-post: the creator's posts. */
const CreatorPostsPage: AppPage = () => (
  <>
    <PageTitle title="My posts" />
    <MyPostsPage />
  </>
);

CreatorPostsPage.authenticate = true;
CreatorPostsPage.onlyPerformer = true;
CreatorPostsPage.layout = 'studio';

export default CreatorPostsPage;
