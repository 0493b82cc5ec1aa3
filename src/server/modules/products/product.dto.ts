import type { FastifyInstance } from 'fastify';
import type { OwnProduct, Product, ProductDigitalFile } from '../../../common/contract/products';
import type { Executor } from '../../db/client';
import type { Viewer } from '../blocking/viewer';
import { moderationFields } from '../content/content-access.service';
import { loadPageContext, type ContentPageContext } from '../content/content-dto';
import { mediaRepository, type MediaFileRow } from '../media/media.repository';
import { toUserPublic } from '../users/user-public.dto';
import { productsRepository, type ProductRow } from './products.repository';
import { readAll } from '../../db/reads';

export type ProductPresenter = ReturnType<typeof createProductPresenter>;

/** Products are always "for sale" to the access rules: opening one (like, comment, download) takes buying it. */
const accessSubject = (row: ProductRow) => ({ id: row.id, performerId: row.performerId, access: 'sale' as const });

function digitalFileOf(row: MediaFileRow): ProductDigitalFile {
  return {
    _id: row.id,
    name: row.originalName,
    kind: row.kind,
    mimeType: row.mainContentType,
    size: row.sizeBytes,
    status: row.status,
    failureReason: row.failureReason,
  };
}

/**
 * Product answers. Pictures are shop pictures, presented unlocked to everyone who may see the
 * product; the digital file is never presented with a URL (only its details, to the creator).
 */
export function createProductPresenter(app: Pick<FastifyInstance, 'media' | 'storage' | 'config'>) {
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };

  function product(ctx: ContentPageContext, row: ProductRow, images: readonly MediaFileRow[]): Product {
    const info = ctx.access.get(row.id)!;
    return {
      _id: row.id,
      performerId: row.performerId,
      name: row.name,
      description: row.description,
      type: row.type,
      price: row.priceCents / 100,
      stock: row.type === 'physical' ? (row.stock ?? 0) : null,
      isSoldOut: row.type === 'physical' && (row.stock ?? 0) <= 0,
      images: images.map((file) => app.media.present(file, { unlocked: true })),
      hasDigitalFile: row.type === 'digital' && row.digitalFileId !== null,
      isBought: info.isBought,
      isLocked: info.isLocked,
      stats: { likes: row.totalLikes, bookmarks: row.totalBookmarks, comments: row.totalComments },
      isLiked: ctx.liked.has(row.id),
      isBookmarked: ctx.bookmarked.has(row.id),
      performer: toUserPublic(urls, ctx.authors.get(row.performerId)!),
      status: row.status,
      ...moderationFields(row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function products(db: Executor, viewer: Viewer, rows: readonly ProductRow[]): Promise<Product[]> {
    const [ctx, images] = await readAll(db,
      () => loadPageContext(db, viewer, 'product', rows.map(accessSubject)),
      () => productsRepository.imagesOf(db, rows.map((r) => r.id)),
    );
    return rows.map((row) => product(ctx, row, images.get(row.id) ?? []));
  }

  return {
    products,

    /** The creator's view: the public answer plus units sold and the digital file's details. */
    async own(db: Executor, viewer: Viewer, rows: readonly ProductRow[]): Promise<OwnProduct[]> {
      const fileIds = rows.flatMap((r) => (r.digitalFileId ? [r.digitalFileId] : []));
      const [answers, files] = await readAll(db,() => products(db, viewer, rows), () => mediaRepository.findByIds(db, fileIds));
      const byId = new Map(files.map((f) => [f.id, f]));
      return rows.map((row, i) => {
        const file = row.digitalFileId ? byId.get(row.digitalFileId) : undefined;
        return { ...answers[i], sold: row.totalSold, digitalFile: file ? digitalFileOf(file) : null };
      });
    },
  };
}
