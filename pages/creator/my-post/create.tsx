import { PageTitle } from '@/client/components/page-title';
import { FeedComposer } from '@/client/features/feeds/components/feed-composer';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/my-post/create: a new post. */
const CreatePostPage: AppPage = () => (
  <>
    <PageTitle title="New post" />
    <FeedComposer />
  </>
);

CreatePostPage.authenticate = true;
CreatePostPage.onlyPerformer = true;
CreatePostPage.layout = 'studio';

export default CreatePostPage;
