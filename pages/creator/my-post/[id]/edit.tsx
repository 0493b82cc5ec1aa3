import { useRouter } from 'next/router';
import { PageTitle } from '@/client/components/page-title';
import { EditPostPage } from '@/client/features/feeds/components/edit-post-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/my-post/{id}/edit: one of the creator's posts in the composer. */
const EditPostRoute: AppPage = () => {
  const { query } = useRouter();
  const id = typeof query.id === 'string' ? query.id : '';
  return (
    <>
      <PageTitle title="Edit post" />
      <EditPostPage id={id} />
    </>
  );
};

EditPostRoute.authenticate = true;
EditPostRoute.onlyPerformer = true;
EditPostRoute.layout = 'studio';

export default EditPostRoute;
