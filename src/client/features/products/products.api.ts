import type { NextPageContext } from 'next';
import {
  PRODUCT_FILE_FIELD, PRODUCT_IMAGE_FIELD, productRoutes, type OwnProduct, type UpdateProductBody,
} from '@/common/contract/products';
import { callRoute, routeUrl } from '@/client/lib/call-route';
import { upload, type UploadFile } from '@/client/lib/upload';

/** The text fields a product form sends (numbers as numbers; multipart turns them into text). */
export interface ProductFormFields {
  name: string;
  description: string;
  type: 'physical' | 'digital';
  price: number;
  stock?: number;
  status: 'active' | 'draft';
}

export interface ProductFiles {
  /** New pictures, in order. */
  images: File[];
  digitalFile?: File | null;
}

const parts = (files: ProductFiles): UploadFile[] => [
  ...files.images.map((file) => ({ fieldname: PRODUCT_IMAGE_FIELD, file })),
  ...(files.digitalFile ? [{ fieldname: PRODUCT_FILE_FIELD, file: files.digitalFile }] : []),
];

/** POST the whole product as one multipart form (fields and files), with upload progress. */
export function createProduct(fields: ProductFormFields, files: ProductFiles, onProgress?: (percent: number) => void) {
  return upload<{ data: OwnProduct }>(productRoutes.create.url, parts(files), { customData: { ...fields }, onProgress });
}

/**
 * Saves an edit: JSON when no file changes, else multipart with the new pictures and/or the new
 * digital file. `imageIds` are the current pictures kept, in order (the server drops the rest).
 */
export function updateProduct(
  id: string,
  fields: Partial<ProductFormFields> & { imageIds: string[] },
  files: ProductFiles,
  onProgress?: (percent: number) => void,
) {
  const url = routeUrl(productRoutes.update.url, { id });
  if (!files.images.length && !files.digitalFile) {
    return callRoute(productRoutes.update, { params: { id }, body: fields as UpdateProductBody });
  }
  // Multipart carries text: the kept ids go as a comma-separated list ("" = keep none).
  const { imageIds, ...rest } = fields;
  return upload<{ data: OwnProduct }>(url, parts(files), { method: 'PUT', customData: { ...rest, imageIds: imageIds.join(',') }, onProgress });
}

export const deleteProduct = (id: string) => callRoute(productRoutes.remove, { params: { id } });

export const fetchDownloadLink = (id: string) => callRoute(productRoutes.downloadLink, { params: { id } });

/** One product for its page; on the server the visitor's token and address go along. */
export const fetchProduct = (id: string, ctx?: NextPageContext, headers?: Record<string, string>) =>
  callRoute(productRoutes.detail, { params: { id }, ctx, headers, authRedirect: false });
