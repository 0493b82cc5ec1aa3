import { productRoutes } from '@/common/contract/products';
import { BookmarkedList } from '@/client/features/social/components/bookmarked-list';
import { ProductGrid } from './product-card';

/** The Products tab of /user/bookmarks (GET /reactions/products/bookmark), newest bookmark first. */
export function BookmarkedProducts() {
  return <BookmarkedList route={productRoutes.bookmarks} noun="products" render={(products) => <ProductGrid products={products} label="Bookmarked products" />} />;
}
