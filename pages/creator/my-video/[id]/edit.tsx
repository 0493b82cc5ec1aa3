import { useRouter } from 'next/router';
import { PageTitle } from '@/client/components/page-title';
import { EditVideoPage } from '@/client/features/videos/components/edit-video-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/my-video/[id]/edit: one of the creator's videos. */
const CreatorVideoEditPage: AppPage = () => {
  const { query } = useRouter();
  const id = typeof query.id === 'string' ? query.id : '';
  return (
    <>
      <PageTitle title="Edit video" />
      <EditVideoPage id={id} />
    </>
  );
};

CreatorVideoEditPage.authenticate = true;
CreatorVideoEditPage.onlyPerformer = true;
CreatorVideoEditPage.layout = 'studio';

export default CreatorVideoEditPage;
