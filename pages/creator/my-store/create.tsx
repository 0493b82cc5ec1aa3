import { PageTitle } from '@/client/components/page-title';
import { CreateProductPage } from '@/client/features/products/components/product-editor-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/my-store/create: add a product. */
const CreatorProductCreatePage: AppPage = () => (
  <>
    <PageTitle title="Add a product" />
    <CreateProductPage />
  </>
);

CreatorProductCreatePage.authenticate = true;
CreatorProductCreatePage.onlyPerformer = true;
CreatorProductCreatePage.layout = 'studio';

export default CreatorProductCreatePage;
