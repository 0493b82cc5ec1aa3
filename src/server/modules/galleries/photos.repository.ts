import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { galleries, mediaFiles, photos } from '../../db/schema';
import type { Viewer } from '../blocking/viewer';
import { visibleContent } from '../content/content-access.repository';
import type { MediaFileRow } from '../media/media.repository';
import type { GalleryRow } from './galleries.repository';

export type PhotoRow = typeof photos.$inferSelect;
export type NewPhoto = typeof photos.$inferInsert;
export interface PhotoWithFile {
  photo: PhotoRow;
  file: MediaFileRow;
}
export interface PhotoInGallery extends PhotoWithFile {
  gallery: GalleryRow;
}

interface Page {
  offset: number;
  limit: number;
}

/** A gallery's own order: position, then upload time (ties only exist mid-rearrangement). */
const galleryOrder = [asc(photos.position), asc(photos.createdAt), asc(photos.id)];

const withFile = (db: Executor) => db.select({ photo: photos, file: mediaFiles }).from(photos).innerJoin(mediaFiles, eq(mediaFiles.id, photos.fileId));

export const photosRepository = {
  async insert(db: Executor, values: NewPhoto): Promise<PhotoRow> {
    const [row] = await db.insert(photos).values(values).returning();
    return row;
  },

  async findById(db: Executor, id: string): Promise<PhotoRow | null> {
    const [row] = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
    return row ?? null;
  },

  async findWithFile(db: Executor, id: string): Promise<PhotoWithFile | null> {
    const [row] = await withFile(db).where(eq(photos.id, id)).limit(1);
    return row ?? null;
  },

  /** Every photo of a gallery with its file, in the gallery's order. */
  listByGallery(db: Executor, galleryId: string): Promise<PhotoWithFile[]> {
    return withFile(db).where(eq(photos.galleryId, galleryId)).orderBy(...galleryOrder);
  },

  /** The ids and positions of a gallery's photos, in order. */
  orderOf(db: Executor, galleryId: string): Promise<{ id: string; position: number }[]> {
    return db.select({ id: photos.id, position: photos.position }).from(photos).where(eq(photos.galleryId, galleryId)).orderBy(...galleryOrder);
  },

  async setPosition(db: Executor, id: string, position: number): Promise<void> {
    await db.update(photos).set({ position, updatedAt: sql`now()` }).where(eq(photos.id, id));
  },

  async update(db: Executor, id: string, patch: Partial<Pick<NewPhoto, 'title' | 'galleryId' | 'position'>>): Promise<void> {
    await db.update(photos).set({ ...patch, updatedAt: sql`now()` }).where(eq(photos.id, id));
  },

  async remove(db: Executor, id: string): Promise<PhotoRow | null> {
    const [row] = await db.delete(photos).where(eq(photos.id, id)).returning();
    return row ?? null;
  },

  /** The creator's photos (one gallery's in its order, or all newest first). */
  async listOwn(db: Executor, performerId: string, query: Page & { galleryId?: string }) {
    const where = and(eq(photos.performerId, performerId), query.galleryId ? eq(photos.galleryId, query.galleryId) : undefined);
    const order = query.galleryId ? galleryOrder : [desc(photos.createdAt), desc(photos.id)];
    const [rows, [{ total }]] = await Promise.all([
      withFile(db).where(where).orderBy(...order).offset(query.offset).limit(query.limit),
      db.select({ total: count() }).from(photos).where(where),
    ]);
    return { rows, total: Number(total) };
  },

  /** Photos of the galleries the viewer may see (newest gallery first, each in its own order). */
  async listVisible(db: Executor, viewer: Viewer, query: Page & { performerId?: string }) {
    const where = and(visibleContent('gallery', viewer), query.performerId ? eq(galleries.performerId, query.performerId) : undefined);
    const [rows, [{ total }]] = await Promise.all([
      db.select({ photo: photos, file: mediaFiles, gallery: galleries }).from(photos)
        .innerJoin(galleries, eq(galleries.id, photos.galleryId))
        .innerJoin(mediaFiles, eq(mediaFiles.id, photos.fileId))
        .where(where)
        .orderBy(desc(galleries.publishAt), desc(galleries.id), ...galleryOrder)
        .offset(query.offset)
        .limit(query.limit),
      db.select({ total: count() }).from(photos).innerJoin(galleries, eq(galleries.id, photos.galleryId)).where(where),
    ]);
    return { rows: rows as PhotoInGallery[], total: Number(total) };
  },
};
