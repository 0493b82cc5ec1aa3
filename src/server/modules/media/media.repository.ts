import { and, eq, inArray, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { comments, feedFiles, feeds, mediaFiles, messageFiles, photos, productImages, products, videos } from '../../db/schema';
import type { MediaStatus } from '../../db/schema/media';

export type MediaFileRow = typeof mediaFiles.$inferSelect;
export type NewMediaFile = typeof mediaFiles.$inferInsert;
export type MediaFilePatch = Partial<Omit<NewMediaFile, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>>;

/**
 * Every column that points at a media file. The clean-up job deletes files none of these name,
 * so a new table that references media_files must be added here (a test compares this list with
 * the foreign keys the database actually has).
 */
export const MEDIA_FILE_REFERENCES: readonly PgColumn[] = [
  feedFiles.fileId,
  feeds.thumbnailFileId,
  feeds.teaserFileId,
  photos.fileId,
  videos.fileId,
  videos.thumbnailFileId,
  videos.teaserFileId,
  products.digitalFileId,
  productImages.fileId,
  messageFiles.fileId,
  comments.fileId,
];

/** No content row points at the media file of the outer query. */
function unreferenced(db: Executor): SQL[] {
  return MEDIA_FILE_REFERENCES.map((column) =>
    notExists(db.select({ one: sql`1` }).from(column.table as PgTable).where(eq(column, mediaFiles.id))),
  );
}

export const mediaRepository = {
  async insert(db: Executor, values: NewMediaFile): Promise<MediaFileRow> {
    const [row] = await db.insert(mediaFiles).values(values).returning();
    return row;
  },

  /** Null when the row is gone (deleted while a job was working on it). */
  async update(db: Executor, id: string, patch: MediaFilePatch): Promise<MediaFileRow | null> {
    const [row] = await db.update(mediaFiles).set({ ...patch, updatedAt: new Date() }).where(eq(mediaFiles.id, id)).returning();
    return row ?? null;
  },

  /**
   * Takes a file for processing: `pending`, or `processing` that nobody has touched since
   * `staleBefore` (its worker died; null: any, when the queue itself guarantees one worker per
   * job). A conditional update, so two workers never both get it.
   */
  async claim(db: Executor, id: string, staleBefore: Date | null): Promise<MediaFileRow | null> {
    const abandoned = staleBefore ? and(eq(mediaFiles.status, 'processing'), lt(mediaFiles.updatedAt, staleBefore)) : eq(mediaFiles.status, 'processing');
    const [row] = await db
      .update(mediaFiles)
      .set({ status: 'processing', failureReason: null, updatedAt: new Date() })
      .where(and(eq(mediaFiles.id, id), or(eq(mediaFiles.status, 'pending'), abandoned)))
      .returning();
    return row ?? null;
  },

  /** Marks a running job alive, so other instances do not take its file for abandoned. */
  async touch(db: Executor, id: string): Promise<void> {
    await db.update(mediaFiles).set({ updatedAt: new Date() }).where(and(eq(mediaFiles.id, id), eq(mediaFiles.status, 'processing')));
  },

  /** Ids of files waiting for a job: pending, or processing but untouched since `staleBefore`. */
  async findUnfinished(db: Executor, staleBefore: Date): Promise<string[]> {
    const rows = await db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(or(eq(mediaFiles.status, 'pending'), and(eq(mediaFiles.status, 'processing'), lt(mediaFiles.updatedAt, staleBefore))))
      .orderBy(mediaFiles.createdAt);
    return rows.map((r) => r.id);
  },

  async findById(db: Executor, id: string): Promise<MediaFileRow | null> {
    const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id)).limit(1);
    return row ?? null;
  },

  async findByIds(db: Executor, ids: readonly string[]): Promise<MediaFileRow[]> {
    if (!ids.length) return [];
    return db.select().from(mediaFiles).where(inArray(mediaFiles.id, [...ids]));
  },

  /** The owner's files among `ids` with one of `purposes` (and `statuses`, when given): what a creator may attach. */
  async findOwned(
    db: Executor,
    ownerId: string,
    ids: readonly string[],
    filter: { purposes: readonly string[]; statuses?: readonly MediaStatus[] },
  ): Promise<MediaFileRow[]> {
    if (!ids.length || !filter.purposes.length) return [];
    return db
      .select()
      .from(mediaFiles)
      .where(
        and(
          eq(mediaFiles.ownerId, ownerId),
          inArray(mediaFiles.id, [...ids]),
          inArray(mediaFiles.purpose, [...filter.purposes]),
          filter.statuses ? inArray(mediaFiles.status, [...filter.statuses]) : undefined,
        ),
      );
  },

  async remove(db: Executor, ids: readonly string[]): Promise<MediaFileRow[]> {
    if (!ids.length) return [];
    return db.delete(mediaFiles).where(inArray(mediaFiles.id, [...ids])).returning();
  },

  /**
   * Deletes up to `limit` files created before `before` that no content row names, and returns
   * them (their stored objects go next). The reference check is part of the delete itself, so a
   * file attached since it was looked at is not taken.
   */
  async removeUnreferenced(db: Executor, before: Date, limit: number): Promise<MediaFileRow[]> {
    const candidates = db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(and(lt(mediaFiles.createdAt, before), ...unreferenced(db)))
      .orderBy(mediaFiles.createdAt)
      .limit(limit);
    return db
      .delete(mediaFiles)
      .where(and(inArray(mediaFiles.id, candidates), ...unreferenced(db)))
      .returning();
  },
};
