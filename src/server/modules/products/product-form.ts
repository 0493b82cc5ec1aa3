import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PRODUCT_FILE_FIELD, PRODUCT_FILE_PURPOSE, PRODUCT_IMAGE_FIELD, PRODUCT_IMAGE_PURPOSE, PRODUCT_IMAGES_MAX,
} from '../../../common/contract/products';
import type { MediaKind } from '../../db/schema/media';
import type { MediaFileRow } from '../media/media.repository';

/** The files a product form may carry and what each is stored as. */
const FILE_SPECS: Record<string, { kinds: readonly MediaKind[]; purpose: string }> = {
  [PRODUCT_IMAGE_FIELD]: { kinds: ['image'], purpose: PRODUCT_IMAGE_PURPOSE },
  // What a buyer downloads: an e-book, a picture pack (ZIP), a song, a video.
  [PRODUCT_FILE_FIELD]: { kinds: ['document', 'image', 'audio', 'video'], purpose: PRODUCT_FILE_PURPOSE },
};

export interface ProductForm {
  fields: Record<string, string>;
  /** New pictures, in the order they were sent. */
  images: MediaFileRow[];
  digitalFile: MediaFileRow | null;
}

/**
 * Reads a product form through the media pipeline: text fields, up to PRODUCT_IMAGES_MAX `image`
 * parts and one `digitalFile`. A refused file or form stores nothing; the caller removes the files
 * (`discardForm`) when a later check (fields, rules, price) fails.
 */
export async function receiveProductForm(
  app: Pick<FastifyInstance, 'media'>,
  request: FastifyRequest,
  ownerId: string,
): Promise<ProductForm> {
  const { files, fields } = await app.media.ingestForm(request, {
    ownerId,
    files: {
      [PRODUCT_IMAGE_FIELD]: { ...FILE_SPECS[PRODUCT_IMAGE_FIELD], max: PRODUCT_IMAGES_MAX, tooMany: `A product can have at most ${PRODUCT_IMAGES_MAX} images` },
      [PRODUCT_FILE_FIELD]: FILE_SPECS[PRODUCT_FILE_FIELD],
    },
  });
  return { fields, images: files[PRODUCT_IMAGE_FIELD] ?? [], digitalFile: files[PRODUCT_FILE_FIELD]?.[0] ?? null };
}

/** The ids of every file a form stored. */
export const formFileIds = (form: ProductForm): string[] => [...form.images.map((f) => f.id), ...(form.digitalFile ? [form.digitalFile.id] : [])];

/** Removes the files a refused form stored. */
export async function discardForm(app: Pick<FastifyInstance, 'media'>, form: ProductForm): Promise<void> {
  const ids = formFileIds(form);
  if (ids.length) await app.media.remove(ids);
}
