import type { FastifyInstance } from 'fastify';
import type { Product, ProductDownloadLink, ProductSearchQuery } from '../../../common/contract/products';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { mainDownloadName } from '../../media/media-view';
import type { Viewer } from '../blocking/viewer';
import { requireVisibleItem } from '../content/content-access.service';
import { mediaRepository } from '../media/media.repository';
import type { ProductPresenter } from './product.dto';
import { PRODUCT_NOT_FOUND } from './products.service';
import { productsRepository } from './products.repository';

type Deps = Pick<FastifyInstance, 'db' | 'media'>;

export const BUY_TO_DOWNLOAD = 'Buy this product to download it';

const page = (q: { offset?: number; limit?: number }) => ({ offset: q.offset ?? 0, limit: q.limit ?? 12 });

/** What fans see of the stores: lists, one product, their bookmarks, and the buyer's download. */
export function createProductReadsService(deps: Deps, present: ProductPresenter) {
  const { db } = deps;

  async function visibleRow(viewer: Viewer, id: string) {
    const { meta, access } = await requireVisibleItem(db, 'product', id, viewer);
    const row = await productsRepository.findById(db, meta.id);
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return { row, access };
  }

  return {
    async search(viewer: Viewer, query: ProductSearchQuery) {
      const { rows, total } = await productsRepository.listVisible(db, viewer, {
        ...page(query), q: query.q, type: query.type, performerId: query.performerId?.toLowerCase(), username: query.username,
      });
      return { data: await present.products(db, viewer, rows), total };
    },

    async detail(viewer: Viewer, id: string): Promise<Product> {
      const { row } = await visibleRow(viewer, id);
      return (await present.products(db, viewer, [row]))[0];
    },

    async bookmarks(viewer: Viewer & { userId: string }, query: { offset?: number; limit?: number }) {
      const { rows, total } = await productsRepository.listBookmarked(db, viewer, page(query));
      return { data: await present.products(db, viewer, rows), total };
    },

    /**
     * A signed link that downloads a digital product's file under its uploaded name, for its
     * buyers, its creator and admins (the same "unlocked" rule as every paid item). A physical
     * product has nothing to download (400); a file still being processed, or whose processing
     * failed, is a 409 saying so.
     */
    async downloadLink(viewer: Viewer, id: string): Promise<ProductDownloadLink> {
      const { row, access } = await visibleRow(viewer, id);
      if (row.type !== 'digital') throw badRequest('This product is shipped to you: it has no file to download');
      if (access.isLocked) throw forbidden(BUY_TO_DOWNLOAD);
      const file = row.digitalFileId ? await mediaRepository.findById(db, row.digitalFileId) : null;
      if (!file) throw notFound('This product has no file to download');
      if (file.status === 'failed') throw conflict('This product\'s file could not be processed; the creator has to upload it again');
      const url = deps.media.downloadUrl(file);
      if (!url) throw conflict('This product\'s file is still being processed, please try again in a few minutes');
      const exp = Number(new URL(url).searchParams.get('exp'));
      return { url, name: mainDownloadName(file) ?? file.originalName, expiresAt: new Date(exp * 1000).toISOString() };
    },
  };
}
