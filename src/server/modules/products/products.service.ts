import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OwnProduct, OwnProductQuery } from '../../../common/contract/products';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { contentPriceBounds, priceOf, requireOwnItem } from '../content/content-access.service';
import { discardForm, formFileIds, receiveProductForm, type ProductForm } from './product-form';
import { parseEditBody, parseFormFields } from './product-input';
import { shapeOf } from './product-rules';
import type { ProductPresenter } from './product.dto';
import { productsRepository, type ProductPatch, type ProductRow } from './products.repository';

type SignedIn = Viewer & { userId: string };
type Deps = Pick<FastifyInstance, 'db' | 'settings' | 'media'>;

export const PRODUCT_NOT_FOUND = 'Product not found';

const NO_FORM: ProductForm = { fields: {}, images: [], digitalFile: null };

/** The creator's product, row-locked for the rest of the transaction: 400 bad id, 404 absent or someone else's. */
async function lockOwnProduct(tx: Executor, id: string, performerId: string): Promise<ProductRow> {
  const meta = await requireOwnItem(tx, 'product', id, performerId);
  const row = await productsRepository.lockOwn(tx, meta.id, performerId);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

/**
 * The creator's store: create, edit, delete and list their own products. Files arrive with the
 * request and are stored before the fields are judged; whatever goes wrong after that removes
 * them again, so a refused request leaves no row and no file. Files a product stops using are
 * deleted after the commit.
 */
export function createProductsService(deps: Deps, present: ProductPresenter) {
  const { db } = deps;
  const one = async (tx: Executor, viewer: Viewer, row: ProductRow): Promise<OwnProduct> => (await present.own(tx, viewer, [row]))[0];

  return {
    async create(viewer: SignedIn, request: FastifyRequest): Promise<OwnProduct> {
      const form = await receiveProductForm(deps, request, viewer.userId);
      try {
        const input = parseFormFields(form.fields, 'create');
        const shape = shapeOf(null, input, { imageIds: form.images.map((f) => f.id), digitalFileId: form.digitalFile?.id ?? null });
        const priceCents = priceOf(await contentPriceBounds(deps.settings), 'sale', input.price);
        return await db.transaction(async (tx) => {
          const row = await productsRepository.insert(tx, {
            performerId: viewer.userId,
            name: input.name!,
            description: input.description ?? '',
            type: shape.type,
            priceCents,
            stock: shape.stock,
            digitalFileId: shape.digitalFileId,
            status: input.status ?? 'active',
          });
          await productsRepository.setImages(tx, row.id, shape.imageIds);
          return one(tx, viewer, row);
        });
      } catch (err) {
        await discardForm(deps, form);
        throw err;
      }
    },

    /** JSON, or multipart with new pictures and/or a replacement digital file. */
    async update(viewer: SignedIn, id: string, request: FastifyRequest): Promise<OwnProduct> {
      // Someone else's or a missing product is refused before any upload is stored.
      const meta = await requireOwnItem(db, 'product', id, viewer.userId);
      const multipart = request.isMultipart();
      const form = multipart ? await receiveProductForm(deps, request, viewer.userId) : NO_FORM;
      try {
        const input = multipart ? parseFormFields(form.fields, 'edit') : parseEditBody(request.body);
        const priceCents = input.price === undefined ? undefined : priceOf(await contentPriceBounds(deps.settings), 'sale', input.price);
        const { answer, removed } = await db.transaction(async (tx) => {
          const current = await lockOwnProduct(tx, meta.id, viewer.userId);
          const currentImages = await productsRepository.imageIds(tx, current.id);
          const shape = shapeOf(
            { type: current.type, stock: current.stock, digitalFileId: current.digitalFileId, imageIds: currentImages },
            input,
            { imageIds: form.images.map((f) => f.id), digitalFileId: form.digitalFile?.id ?? null },
          );
          const patch: ProductPatch = { type: shape.type, stock: shape.stock, digitalFileId: shape.digitalFileId };
          if (input.name !== undefined) patch.name = input.name;
          if (input.description !== undefined) patch.description = input.description;
          if (priceCents !== undefined) patch.priceCents = priceCents;
          if (input.status !== undefined) patch.status = input.status;
          const row = await productsRepository.update(tx, current.id, patch);
          if (shape.imageIds.join() !== currentImages.join()) await productsRepository.setImages(tx, current.id, shape.imageIds);
          return { answer: await one(tx, viewer, row), removed: shape.removedFileIds };
        });
        await deps.media.remove(removed);
        return answer;
      } catch (err) {
        if (formFileIds(form).length) await discardForm(deps, form);
        throw err;
      }
    },

    /** Pictures, digital file, likes, bookmarks and comments go with it; the files after the commit. */
    async remove(viewer: SignedIn, id: string): Promise<void> {
      const fileIds = await db.transaction(async (tx) => {
        const product = await lockOwnProduct(tx, id, viewer.userId);
        return productsRepository.removeWithEngagement(tx, product);
      });
      await deps.media.remove(fileIds);
    },

    async listOwn(viewer: SignedIn, query: OwnProductQuery) {
      const { rows, total } = await productsRepository.listOwn(db, viewer.userId, {
        offset: query.offset ?? 0,
        limit: query.limit ?? 12,
        q: query.q,
        type: query.type,
        status: query.status,
        sortBy: query.sortBy ?? 'updatedAt',
        sort: query.sort ?? 'desc',
      });
      return { data: await present.own(db, viewer, rows), total };
    },

    async ownDetail(viewer: SignedIn, id: string): Promise<OwnProduct> {
      const meta = await requireOwnItem(db, 'product', id, viewer.userId);
      const row = await productsRepository.findById(db, meta.id);
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return one(db, viewer, row);
    },
  };
}
