import { loadProductPage, type ProductPageProps } from '@/client/features/products/load-product';
import { ProductDetail } from '@/client/features/products/components/product-detail';
import type { AppPage } from '@/client/layouts/page-types';

/** /product/[id]: one product of a creator's store, rendered on the server. */
const ProductPage: AppPage<ProductPageProps> = (props) => <ProductDetail {...props} />;

ProductPage.getInitialProps = loadProductPage;

export default ProductPage;
