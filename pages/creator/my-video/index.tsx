import { PageTitle } from '@/client/components/page-title';
import { MyVideosPage } from '@/client/features/videos/components/my-videos-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/my-video: the creator's videos. */
const CreatorVideosPage: AppPage = () => (
  <>
    <PageTitle title="My videos" />
    <MyVideosPage />
  </>
);

CreatorVideosPage.authenticate = true;
CreatorVideosPage.onlyPerformer = true;
CreatorVideosPage.layout = 'studio';

export default CreatorVideosPage;
