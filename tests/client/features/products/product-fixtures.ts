import type { MediaFileView } from '@/common/contract/media';
import type { OwnProduct, Product } from '@/common/contract/products';

let seq = 0;
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const CREATOR_ID = uuid(9000);

/** A product picture as the API presents it: shop pictures are always unlocked. */
export function makeImage(n = ++seq): MediaFileView {
  const base = `http://api.test/files/media/${CREATOR_ID}/${uuid(n)}`;
  return {
    _id: uuid(n), type: 'product-image', kind: 'image', status: 'ready', failureReason: null,
    url: `${base}/main.jpg?sig=x`, thumbnails: [`${base}/thumb.webp?sig=x`], preview: `${base}/preview.webp?sig=x`,
    width: 800, height: 800, duration: null, mimeType: 'image/jpeg', size: 1000, name: `picture-${n}.png`, isLocked: false,
  };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  seq += 1;
  return {
    _id: uuid(seq),
    performerId: CREATOR_ID,
    name: `Product ${seq}`,
    description: 'A signed print',
    type: 'physical',
    price: 12.5,
    stock: 20,
    isSoldOut: false,
    images: [makeImage()],
    hasDigitalFile: false,
    isBought: false,
    isLocked: true,
    stats: { likes: 3, bookmarks: 1, comments: 0 },
    isLiked: false,
    isBookmarked: false,
    performer: { _id: CREATOR_ID, name: 'Aurora', username: 'aurora', avatar: '', isPerformer: true, createdAt: '2025-01-01T00:00:00.000Z' },
    status: 'active',
    isHidden: false,
    hiddenReason: null,
    createdAt: '2025-02-01T00:00:00.000Z',
    updatedAt: '2025-02-02T00:00:00.000Z',
    ...overrides,
  };
}

export function makeOwnProduct(overrides: Partial<OwnProduct> = {}): OwnProduct {
  return { ...makeProduct({ isLocked: false }), sold: 4, digitalFile: null, ...overrides };
}
