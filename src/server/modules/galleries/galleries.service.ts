import type { FastifyInstance } from 'fastify';
import type {
  CreateGalleryBody, Gallery, GalleryDetail, GallerySearchQuery, GalleryView, MyGalleriesQuery, UpdateGalleryBody,
} from '../../../common/contract/galleries';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { contentPriceBounds, priceOf, publishAtOf, requireOwnItem, requireVisibleItem } from '../content/content-access.service';
import { galleriesRepository, type GalleryPatch, type GalleryRow } from './galleries.repository';
import { cleanDescription, cleanTitle } from './gallery-input';
import type { GalleryPresenter } from './gallery.dto';
import { createViewWindow } from '../../lib/view-window';

type SignedIn = Viewer & { userId: string };
type Deps = Pick<FastifyInstance, 'db' | 'settings' | 'media'>;

export const GALLERY_NOT_FOUND = 'Gallery not found';

const page = (q: { offset?: number; limit?: number }) => ({ offset: q.offset ?? 0, limit: q.limit ?? 12 });

/** The creator's gallery, row-locked for the rest of the transaction: 400 bad id, 404 absent or someone else's. */
export async function lockOwnGallery(tx: Executor, id: string, performerId: string): Promise<GalleryRow> {
  const meta = await requireOwnItem(tx, 'gallery', id, performerId);
  const [row] = await galleriesRepository.lockOwn(tx, [meta.id], performerId);
  if (!row) throw notFound(GALLERY_NOT_FOUND);
  return row;
}

/**
 * A new publish time on edit. A future time (re)schedules; null or a past time publishes a
 * scheduled gallery now but leaves a published one's date alone, so saving an old gallery does
 * not push it to the top of "newest".
 */
function editedPublishAt(current: Date, requested: string | null | undefined): Date | undefined {
  if (requested === undefined) return undefined;
  const at = publishAtOf(requested);
  if (at.getTime() > Date.now() + 1000) return at;
  return current.getTime() > Date.now() ? at : undefined;
}

/**
 * Galleries: the creator's CRUD (own items only, one transaction each, performers.total_photos
 * recounted in it), the public lists and detail under the shared visibility and access rules,
 * bookmarks and the view counter.
 */
export function createGalleriesService(deps: Deps, present: GalleryPresenter) {
  const { db } = deps;
  const views = createViewWindow();

  /** Answers are read after the commit: the presenter's parallel reads belong on the pool, not in a transaction. */
  async function one(viewer: Viewer, row: GalleryRow): Promise<Gallery> {
    return (await present.galleries(db, viewer, [row]))[0];
  }

  return {
    async create(viewer: SignedIn, body: CreateGalleryBody): Promise<Gallery> {
      const title = cleanTitle(body.title);
      const priceCents = priceOf(await contentPriceBounds(deps.settings), body.access, body.price);
      // One statement: atomic without an explicit transaction.
      const row = await galleriesRepository.insert(db, {
        performerId: viewer.userId,
        title,
        description: cleanDescription(body.description),
        access: body.access,
        priceCents,
        status: body.status ?? 'active',
        publishAt: publishAtOf(body.publishAt),
      });
      return one(viewer, row);
    },

    async listOwn(viewer: SignedIn, query: MyGalleriesQuery) {
      const { rows, total } = await galleriesRepository.listOwn(db, viewer.userId, {
        ...page(query), q: query.q, status: query.status, sortBy: query.sortBy ?? 'updatedAt', sort: query.sort ?? 'desc',
      });
      return { data: await present.galleries(db, viewer, rows), total };
    },

    async update(viewer: SignedIn, id: string, body: UpdateGalleryBody): Promise<Gallery> {
      const title = body.title === undefined ? undefined : cleanTitle(body.title);
      const bounds = await contentPriceBounds(deps.settings);
      const row = await db.transaction(async (tx) => {
        const current = await lockOwnGallery(tx, id, viewer.userId);
        const patch: GalleryPatch = {};
        if (title !== undefined) patch.title = title;
        if (body.description !== undefined) patch.description = cleanDescription(body.description);
        if (body.access !== undefined || body.price !== undefined) {
          const access = body.access ?? current.access;
          // Switching to "sale" without a price keeps the price it had when last for sale.
          const price = body.price ?? (current.access === 'sale' ? current.priceCents / 100 : undefined);
          patch.access = access;
          patch.priceCents = priceOf(bounds, access, price);
        }
        if (body.status !== undefined) patch.status = body.status;
        const publishAt = editedPublishAt(current.publishAt, body.publishAt);
        if (publishAt) patch.publishAt = publishAt;
        const updated = await galleriesRepository.update(tx, current.id, patch);
        await galleriesRepository.recountCreatorPhotos(tx, viewer.userId);
        return updated;
      });
      return one(viewer, row);
    },

    /** Photos, likes, bookmarks and comments go with it; the files after the commit. */
    async remove(viewer: SignedIn, id: string): Promise<void> {
      const fileIds = await db.transaction(async (tx) => {
        const gallery = await lockOwnGallery(tx, id, viewer.userId);
        const files = await galleriesRepository.removeWithEngagement(tx, gallery);
        await galleriesRepository.recountCreatorPhotos(tx, viewer.userId);
        return files;
      });
      await deps.media.remove(fileIds);
    },

    async ownDetail(viewer: SignedIn, id: string): Promise<GalleryDetail> {
      const meta = await requireOwnItem(db, 'gallery', id, viewer.userId);
      const row = await galleriesRepository.findById(db, meta.id);
      if (!row) throw notFound(GALLERY_NOT_FOUND);
      return present.detail(db, viewer, row);
    },

    async search(viewer: Viewer, query: GallerySearchQuery) {
      const { rows, total } = await galleriesRepository.listVisible(db, viewer, {
        ...page(query), q: query.q, performerId: query.performerId?.toLowerCase(), username: query.username,
      });
      return { data: await present.galleries(db, viewer, rows), total };
    },

    async detail(viewer: Viewer, id: string): Promise<GalleryDetail> {
      const { meta } = await requireVisibleItem(db, 'gallery', id, viewer);
      const row = await galleriesRepository.findById(db, meta.id);
      if (!row) throw notFound(GALLERY_NOT_FOUND);
      return present.detail(db, viewer, row);
    },

    async bookmarks(viewer: SignedIn, query: { offset?: number; limit?: number }) {
      const { rows, total } = await galleriesRepository.listBookmarked(db, viewer, page(query));
      return { data: await present.galleries(db, viewer, rows), total };
    },

    /**
     * Counts a view of a gallery the viewer may see (locked or not: the page was opened). Signed-in
     * viewers are told apart by account, others by IP address; the creator's own views never count.
     */
    async view(viewer: Viewer, id: string, ip: string | null): Promise<GalleryView> {
      const { meta } = await requireVisibleItem(db, 'gallery', id, viewer);
      const who = viewer.userId ? `u:${viewer.userId}` : `ip:${ip ?? 'unknown'}`;
      if (viewer.userId !== meta.performerId && views.take(`${who}|${meta.id}`)) {
        const counted = await galleriesRepository.addView(db, meta.id);
        if (counted !== null) return { views: counted, counted: true };
      }
      const row = await galleriesRepository.findById(db, meta.id);
      if (!row) throw notFound(GALLERY_NOT_FOUND);
      return { views: row.totalViews, counted: false };
    },
  };
}
