import type { FastifyInstance } from 'fastify';
import type { ContentType } from '../../../common/contract/content';
import { pickThumbnail } from '../../../common/lib/thumbnail';
import { richTextToPlain } from '../../../common/lib/rich-text';
import { HttpError } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { createFeedReadsService } from '../feeds/feed-reads.service';
import { createGalleriesService } from '../galleries/galleries.service';
import { createGalleryPresenter } from '../galleries/gallery.dto';
import { createProductPresenter } from '../products/product.dto';
import { createProductReadsService } from '../products/product-reads.service';
import { createVideoCatalogService } from '../videos/video-catalog.service';

type Deps = Pick<FastifyInstance, 'db' | 'media' | 'storage' | 'config' | 'settings' | 'changeCaches'>;

/** What an operator is shown of an item besides its list row: the picture and the whole text. */
export interface ContentMedia {
  thumbnail: string | null;
  /** Plain text: a post's words, a video's, gallery's or product's description. */
  text: string;
}

/**
 * The picture and text of one item, through each kind's own read service and answer (so the
 * picture is the same short-lived signed URL the item's page uses). An operator opens
 * everything, locked content included; null when the item is gone.
 */
export function createContentPreview(app: Deps) {
  const feeds = createFeedReadsService(app);
  const videos = createVideoCatalogService(app);
  const galleries = createGalleriesService(app, createGalleryPresenter(app));
  const products = createProductReadsService(app, createProductPresenter(app));

  async function read(type: ContentType, id: string, viewer: Viewer): Promise<ContentMedia> {
    switch (type) {
      case 'feed': {
        const feed = await feeds.view(viewer, id);
        return { thumbnail: pickThumbnail(feed, '') || null, text: richTextToPlain(feed.text) };
      }
      case 'video': {
        const video = await videos.view(viewer, id);
        return { thumbnail: pickThumbnail(video, video.video?.thumbnails[0] ?? '') || null, text: video.description };
      }
      case 'gallery': {
        const gallery = await galleries.detail(viewer, id);
        return { thumbnail: gallery.cover?.thumbnails[0] ?? null, text: gallery.description };
      }
      case 'product': {
        const product = await products.detail(viewer, id);
        return { thumbnail: product.images[0]?.thumbnails[0] ?? product.images[0]?.url ?? null, text: product.description };
      }
    }
  }

  return {
    async media(type: ContentType, id: string, operatorId: string): Promise<ContentMedia | null> {
      try {
        return await read(type, id, { userId: operatorId, role: 'admin', country: null });
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return null;
        throw err;
      }
    },
  };
}

export type ContentPreview = ReturnType<typeof createContentPreview>;
