import { PageTitle } from '@/client/components/page-title';
import { MyStorePage } from '@/client/features/products/components/my-store-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/my-store: the creator's products. */
const CreatorStorePage: AppPage = () => (
  <>
    <PageTitle title="My store" />
    <MyStorePage />
  </>
);

CreatorStorePage.authenticate = true;
CreatorStorePage.onlyPerformer = true;
CreatorStorePage.layout = 'studio';

export default CreatorStorePage;
