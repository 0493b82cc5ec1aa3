import type { FastifyInstance } from 'fastify';
import { productRoutes } from '../../../common/contract/products';
import { addRoute } from '../../lib/route';
import { signedInViewer, viewerOf } from '../blocking/viewer';
import { createProductPresenter } from './product.dto';
import { createProductReadsService } from './product-reads.service';
import { createProductsService } from './products.service';

/** The creators' stores: their own products (create, edit, delete, list), the public lists and detail, bookmarks, downloads. */
export default async function productsModule(app: FastifyInstance) {
  const present = createProductPresenter(app);
  const store = createProductsService(app, present);
  const reads = createProductReadsService(app, present);

  addRoute(app, productRoutes.create, async (request) => ({
    data: await store.create(await signedInViewer(app, request), request),
  }));
  addRoute(app, productRoutes.update, async (request) => ({
    data: await store.update(await signedInViewer(app, request), request.params.id, request),
  }));
  addRoute(app, productRoutes.mine, async (request) => ({
    data: await store.listOwn(await signedInViewer(app, request), request.query),
  }));
  addRoute(app, productRoutes.mineDetail, async (request) => ({
    data: await store.ownDetail(await signedInViewer(app, request), request.params.id),
  }));
  addRoute(app, productRoutes.remove, async (request) => {
    await store.remove(await signedInViewer(app, request), request.params.id);
    return { data: { success: true } };
  });

  addRoute(app, productRoutes.search, async (request) => ({
    data: await reads.search(await viewerOf(app, request), request.query),
  }));
  addRoute(app, productRoutes.detail, async (request) => ({
    data: await reads.detail(await viewerOf(app, request), request.params.id),
  }));
  addRoute(app, productRoutes.downloadLink, async (request) => ({
    data: await reads.downloadLink(await signedInViewer(app, request), request.params.id),
  }));
  addRoute(app, productRoutes.bookmarks, async (request) => ({
    data: await reads.bookmarks(await signedInViewer(app, request), request.query),
  }));
}
