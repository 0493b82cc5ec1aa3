import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { galleries, mediaFiles, photos, users } from '../../db/schema';
import type { Viewer } from '../blocking/viewer';
import { visibleContent } from '../content/content-access.repository';
import type { MediaFileRow } from '../media/media.repository';
import { listBookmarkedItems, removeItemEngagement } from '../content/content-engagement.repository';
import { recountCreatorStats } from '../content/creator-stats.repository';
import { escapeLike } from '../../shared/like';

export type GalleryRow = typeof galleries.$inferSelect;
export type NewGallery = typeof galleries.$inferInsert;
export type GalleryPatch = Partial<Pick<NewGallery, 'title' | 'description' | 'access' | 'priceCents' | 'status' | 'publishAt' | 'coverPhotoId'>>;

interface Page {
  offset: number;
  limit: number;
}

const textMatch = (q: string | undefined): SQL | undefined => {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(ilike(galleries.title, pattern), ilike(galleries.description, pattern));
};

const OWN_SORT = { updatedAt: galleries.updatedAt, createdAt: galleries.createdAt, title: galleries.title } as const;

async function paged(rowsQuery: Promise<GalleryRow[]>, totalQuery: Promise<{ total: number }[]>) {
  const [rows, [{ total }]] = await Promise.all([rowsQuery, totalQuery]);
  return { rows, total: Number(total) };
}

/** Galleries, their counters and their clean-up. Lock order for every writer: gallery rows (by id), then photos. */
export const galleriesRepository = {
  async insert(db: Executor, values: NewGallery): Promise<GalleryRow> {
    const [row] = await db.insert(galleries).values(values).returning();
    return row;
  },

  async update(db: Executor, id: string, patch: GalleryPatch): Promise<GalleryRow> {
    const [row] = await db.update(galleries).set({ ...patch, updatedAt: sql`now()` }).where(eq(galleries.id, id)).returning();
    return row;
  },

  async findById(db: Executor, id: string): Promise<GalleryRow | null> {
    const [row] = await db.select().from(galleries).where(eq(galleries.id, id)).limit(1);
    return row ?? null;
  },

  /** The creator's galleries among `ids`, row-locked until the transaction ends, in id order (one lock order for all). */
  async lockOwn(db: Executor, ids: readonly string[], performerId: string): Promise<GalleryRow[]> {
    return db.select().from(galleries)
      .where(and(inArray(galleries.id, [...new Set(ids)]), eq(galleries.performerId, performerId)))
      .orderBy(asc(galleries.id))
      .for('update');
  },

  /** The creator's own galleries, drafts and scheduled included. */
  listOwn(db: Executor, performerId: string, query: Page & { q?: string; status?: 'active' | 'draft'; sortBy: keyof typeof OWN_SORT; sort: 'asc' | 'desc' }) {
    const where = and(eq(galleries.performerId, performerId), query.status ? eq(galleries.status, query.status) : undefined, textMatch(query.q));
    const order = query.sort === 'asc' ? asc : desc;
    return paged(
      db.select().from(galleries).where(where).orderBy(order(OWN_SORT[query.sortBy]), order(galleries.id)).offset(query.offset).limit(query.limit),
      db.select({ total: count() }).from(galleries).where(where),
    );
  },

  /** Galleries the viewer may see (the shared visibility rule), newest publication first. */
  listVisible(db: Executor, viewer: Viewer, query: Page & { q?: string; performerId?: string; username?: string }) {
    const byUsername = query.username
      ? sql`${galleries.performerId} in (select ${users.id} from ${users} where lower(${users.username}) = lower(${query.username}))`
      : undefined;
    const where = and(
      visibleContent('gallery', viewer),
      query.performerId ? eq(galleries.performerId, query.performerId) : undefined,
      byUsername,
      textMatch(query.q),
    );
    return paged(
      db.select().from(galleries).where(where).orderBy(desc(galleries.publishAt), desc(galleries.id)).offset(query.offset).limit(query.limit),
      db.select({ total: count() }).from(galleries).where(where),
    );
  },

  /** Galleries the viewer bookmarked and may still see, newest bookmark first. */
  listBookmarked(db: Executor, viewer: Viewer & { userId: string }, page: Page) {
    return listBookmarkedItems(db, galleries, 'gallery', viewer, page);
  },

  /**
   * The picture of each gallery: its chosen cover photo's file, else its first photo's. One query
   * (`distinct on`), whatever the page size.
   */
  async covers(db: Executor, galleryIds: readonly string[]): Promise<Map<string, MediaFileRow>> {
    if (!galleryIds.length) return new Map();
    const rows = await db
      .selectDistinctOn([photos.galleryId], { galleryId: photos.galleryId, file: mediaFiles })
      .from(photos)
      .innerJoin(galleries, eq(galleries.id, photos.galleryId))
      .innerJoin(mediaFiles, eq(mediaFiles.id, photos.fileId))
      .where(inArray(photos.galleryId, [...new Set(galleryIds)]))
      .orderBy(photos.galleryId, sql`(${photos.id} = ${galleries.coverPhotoId}) is not true`, asc(photos.position), asc(photos.createdAt), asc(photos.id));
    return new Map(rows.map((r) => [r.galleryId, r.file]));
  },

  /** One more view, as a single increment; the new count (null when the gallery is gone). */
  async addView(db: Executor, id: string): Promise<number | null> {
    const [row] = await db.update(galleries).set({ totalViews: sql`${galleries.totalViews} + 1` }).where(eq(galleries.id, id))
      .returning({ views: galleries.totalViews });
    return row?.views ?? null;
  },

  /** `galleries.total_photos` = the photos it holds now. */
  async recountPhotos(db: Executor, galleryIds: readonly string[]): Promise<void> {
    if (!galleryIds.length) return;
    await db.update(galleries)
      .set({ totalPhotos: sql`(select count(*) from ${photos} where ${photos.galleryId} = ${galleries.id})`, updatedAt: sql`now()` })
      .where(inArray(galleries.id, [...new Set(galleryIds)]));
  },

  /** `performers.total_photos` = photos in the creator's active (not draft, not hidden) galleries. */
  async recountCreatorPhotos(db: Executor, performerId: string): Promise<void> {
    await recountCreatorStats(db, 'gallery', performerId);
  },

  /**
   * Deletes a (locked) gallery with its photos, and the reactions and comments on it (nothing
   * cascades to those from content), and takes its likes off the creator's total. Returns the
   * photo files, to be removed from storage after the commit.
   */
  async removeWithEngagement(db: Executor, gallery: GalleryRow): Promise<string[]> {
    await removeItemEngagement(db, 'gallery', gallery);
    const removed = await db.delete(photos).where(eq(photos.galleryId, gallery.id)).returning({ fileId: photos.fileId });
    await db.delete(galleries).where(eq(galleries.id, gallery.id));
    return removed.map((r) => r.fileId);
  },
};
