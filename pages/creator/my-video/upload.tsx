import { PageTitle } from '@/client/components/page-title';
import { UploadVideoPage } from '@/client/features/videos/components/upload-video-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/my-video/upload: a new video. */
const CreatorVideoUploadPage: AppPage = () => (
  <>
    <PageTitle title="Upload a video" />
    <UploadVideoPage />
  </>
);

CreatorVideoUploadPage.authenticate = true;
CreatorVideoUploadPage.onlyPerformer = true;
CreatorVideoUploadPage.layout = 'studio';

export default CreatorVideoUploadPage;
