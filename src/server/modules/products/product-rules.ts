import { PRODUCT_FILE_FIELD, PRODUCT_IMAGE_FIELD, PRODUCT_IMAGES_MAX, type ProductType } from '../../../common/contract/products';
import type { FieldProblem } from '../../lib/http-error';
import { fail, type ProductInput } from './product-input';

/** What a product is before an edit (null when it is being created). */
export interface CurrentShape {
  type: ProductType;
  stock: number | null;
  digitalFileId: string | null;
  /** Its pictures, in display order. */
  imageIds: string[];
}

/** What it becomes: the columns to store, its pictures in order, and the files it no longer uses. */
export interface ProductShape {
  type: ProductType;
  stock: number | null;
  digitalFileId: string | null;
  imageIds: string[];
  /** Files to delete after the commit (dropped pictures, a replaced or no longer wanted digital file). */
  removedFileIds: string[];
}

/**
 * The store's rules for a product's type, stock, digital file and pictures, for a new product
 * (`current` null) or an edit. A physical product has a stock (0..1,000,000) and no file; a digital
 * one has a file and no stock; every product has 1..10 pictures. Every broken rule is reported at
 * once, as a 400 naming its field.
 */
export function shapeOf(
  current: CurrentShape | null,
  input: ProductInput,
  uploaded: { imageIds: readonly string[]; digitalFileId: string | null },
): ProductShape {
  const problems: FieldProblem[] = [];
  const removed: string[] = [];
  const type = input.type ?? current?.type ?? 'physical';
  let stock: number | null = null;
  let digitalFileId: string | null = null;

  if (type === 'physical') {
    if (uploaded.digitalFileId) problems.push({ field: PRODUCT_FILE_FIELD, message: 'A physical product has no digital file' });
    const kept = current?.type === 'physical' ? current.stock : null;
    stock = input.stock ?? kept;
    if (stock === null) problems.push({ field: 'stock', message: 'stock is required for a physical product' });
    if (current?.digitalFileId) removed.push(current.digitalFileId);
  } else {
    if (input.stock !== undefined) problems.push({ field: 'stock', message: 'A digital product has no stock' });
    digitalFileId = uploaded.digitalFileId ?? current?.digitalFileId ?? null;
    if (!digitalFileId) problems.push({ field: PRODUCT_FILE_FIELD, message: `${PRODUCT_FILE_FIELD} is required for a digital product` });
    if (uploaded.digitalFileId && current?.digitalFileId) removed.push(current.digitalFileId);
  }

  const existing = current?.imageIds ?? [];
  const kept = input.imageIds ?? existing;
  kept.forEach((id, i) => {
    if (!existing.includes(id)) problems.push({ field: `imageIds.${i}`, message: `imageIds.${i} is not an image of this product` });
  });
  const imageIds = [...kept, ...uploaded.imageIds];
  if (!imageIds.length) problems.push({ field: PRODUCT_IMAGE_FIELD, message: 'A product needs at least one image' });
  if (imageIds.length > PRODUCT_IMAGES_MAX) {
    problems.push({ field: PRODUCT_IMAGE_FIELD, message: `A product can have at most ${PRODUCT_IMAGES_MAX} images` });
  }
  removed.push(...existing.filter((id) => !kept.includes(id)));

  if (problems.length) fail(problems);
  return { type, stock, digitalFileId, imageIds, removedFileIds: removed };
}
