import { PageTitle } from '@/client/components/page-title';
import { MyGalleriesPage } from '@/client/features/galleries/components/my-galleries-page';
import type { AppPage } from '@/client/layouts/page-types';

const CreatorGalleriesPage: AppPage = () => (
  <>
    <PageTitle title="My galleries" />
    <MyGalleriesPage />
  </>
);

CreatorGalleriesPage.authenticate = true;
CreatorGalleriesPage.onlyPerformer = true;
CreatorGalleriesPage.layout = 'studio';

export default CreatorGalleriesPage;
