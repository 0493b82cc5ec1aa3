import { PRODUCT_LOW_STOCK, type Product } from '@/common/contract/products';
import { pickThumbnail } from '@/common/lib/thumbnail';
import { formatCount } from '@/client/lib/format-amount';

/** The product page. */
export const productHref = (p: Pick<Product, '_id'>) => `/product/${p._id}`;

/** The picture of a product in lists: its first image, through the shared thumbnail order (spec 3). */
export const productPicture = (p: Pick<Product, 'images'>) => pickThumbnail({ thumbnail: p.images[0] ?? null });

export const TYPE_LABELS: Record<Product['type'], string> = { physical: 'Physical', digital: 'Digital download' };

/** Stock as the store shows it: sold out, "3 left" when low, "12 in stock", or nothing for digital products. */
export function stockText(p: Pick<Product, 'type' | 'stock'>): string | null {
  if (p.type !== 'physical' || p.stock === null) return null;
  if (p.stock <= 0) return 'Sold out';
  return p.stock <= PRODUCT_LOW_STOCK ? `Only ${p.stock} left` : `${formatCount(p.stock)} in stock`;
}

export const isLowStock = (p: Pick<Product, 'type' | 'stock'>) =>
  p.type === 'physical' && p.stock !== null && p.stock > 0 && p.stock <= PRODUCT_LOW_STOCK;

