import type { FastifyInstance } from 'fastify';
import { createFeedsService } from '../feeds/feeds.service';
import { createGalleriesService } from '../galleries/galleries.service';
import { createGalleryPresenter } from '../galleries/gallery.dto';
import { createProductPresenter } from '../products/product.dto';
import { createProductsService } from '../products/products.service';
import { createVideosService } from '../videos/videos.service';

const PAGE = 100;

/**
 * Removes everything a deleted creator published (posts, videos, galleries, products) through
 * each content service's own `remove`, the same path as the creator's delete buttons: files,
 * likes, comments and counters go with each item. Items fans bought go too (their purchases stay
 * in the ledger). One failed item is logged and skipped, never retried forever.
 */
export function createCreatorContentRemover(app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'settings' | 'media' | 'log' | 'notifications' | 'changeCaches'>) {
  const feeds = createFeedsService(app);
  const videos = createVideosService(app);
  const galleries = createGalleriesService(app, createGalleryPresenter(app));
  const products = createProductsService(app, createProductPresenter(app));

  async function drain(kind: string, list: () => Promise<{ data: { _id: string }[] }>, remove: (id: string) => Promise<void>) {
    const tried = new Set<string>();
    for (;;) {
      const fresh = (await list()).data.filter((item) => !tried.has(item._id));
      if (!fresh.length) return;
      for (const item of fresh) {
        tried.add(item._id);
        await remove(item._id).catch((err) => app.log.error({ err, kind, id: item._id }, 'could not remove a deleted creator\'s item'));
      }
    }
  }

  return {
    async removeAll(userId: string): Promise<void> {
      const creator = { userId, role: 'performer' as const, country: null };
      await drain('feed', () => feeds.mine(creator, { offset: 0, limit: PAGE }), (id) => feeds.remove(creator, id));
      await drain('video', () => videos.search(creator, { offset: 0, limit: PAGE }), (id) => videos.remove(creator, id));
      await drain('gallery', () => galleries.listOwn(creator, { offset: 0, limit: PAGE }), (id) => galleries.remove(creator, id));
      await drain('product', () => products.listOwn(creator, { offset: 0, limit: PAGE }), (id) => products.remove(creator, id));
    },
  };
}
