import { useRouter } from 'next/router';
import { PageTitle } from '@/client/components/page-title';
import { EditProductPage } from '@/client/features/products/components/product-editor-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /creator/my-store/[id]/edit: edit one of my products. */
const CreatorProductEditPage: AppPage = () => {
  const { query } = useRouter();
  const id = typeof query.id === 'string' ? query.id : '';
  return (
    <>
      <PageTitle title="Edit product" />
      <EditProductPage id={id} />
    </>
  );
};

CreatorProductEditPage.authenticate = true;
CreatorProductEditPage.onlyPerformer = true;
CreatorProductEditPage.layout = 'studio';

export default CreatorProductEditPage;
