import { and, asc, count, desc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { comments, mediaFiles, users } from '../../db/schema';
import { COMMENT_IMAGE_PURPOSE, type CommentObjectType } from '../../../common/contract/comments';
import type { Viewer } from '../blocking/viewer';

export type CommentRow = typeof comments.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type CommentImageRow = typeof mediaFiles.$inferSelect;
export interface CommentWithUser {
  comment: CommentRow;
  user: UserRow;
  /** The comment's image (its media_files row), or null. */
  image: CommentImageRow | null;
}
interface Page {
  offset: number;
  limit: number;
}

const withUser = (db: Executor) => db.select({ comment: comments, user: users, image: mediaFiles }).from(comments)
  .innerJoin(users, eq(users.id, comments.userId)).leftJoin(mediaFiles, eq(mediaFiles.id, comments.fileId));

/**
 * The comments a viewer may read: a comment the moderators removed stays only for its author and
 * operators (undefined: no condition).
 */
export function readableComments(viewer: Pick<Viewer, 'userId' | 'role'>): SQL | undefined {
  if (viewer.role === 'admin') return undefined;
  return viewer.userId ? or(isNull(comments.hiddenAt), eq(comments.userId, viewer.userId)) : isNull(comments.hiddenAt);
}

/**
 * Comments and their counters. Lock order, kept by every writer so two of them never wait on
 * each other in a circle: the top-level comment first (row lock), then its replies, then the
 * item's counter row.
 */
export const commentsRepository = {
  async findById(db: Executor, id: string): Promise<CommentRow | null> {
    const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
    return row ?? null;
  },

  /** The comment row-locked until the transaction ends; null when it is gone. */
  async lockById(db: Executor, id: string): Promise<CommentRow | null> {
    const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1).for('update');
    return row ?? null;
  },

  async findWithUser(db: Executor, id: string): Promise<CommentWithUser | null> {
    const [row] = await withUser(db).where(eq(comments.id, id)).limit(1);
    return row ?? null;
  },

  async insert(db: Executor, values: typeof comments.$inferInsert): Promise<CommentRow> {
    const [row] = await db.insert(comments).values(values).returning();
    return row;
  },

  /**
   * Edits the text (and, when `fileId` is given, the image) of a comment the moderators did not
   * remove; false when they did (or it is gone).
   */
  async update(db: Executor, id: string, patch: { text: string; fileId?: string | null }): Promise<boolean> {
    const rows = await db.update(comments).set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(comments.id, id), isNull(comments.hiddenAt))).returning({ id: comments.id });
    return rows.length > 0;
  },

  /**
   * The owner's comment image, row-locked until the transaction ends, so two comments can never
   * both take it; null when it is not theirs, not a comment image, or gone.
   */
  async lockOwnImage(db: Executor, ownerId: string, fileId: string): Promise<CommentImageRow | null> {
    const [row] = await db.select().from(mediaFiles)
      .where(and(eq(mediaFiles.id, fileId), eq(mediaFiles.ownerId, ownerId), eq(mediaFiles.purpose, COMMENT_IMAGE_PURPOSE)))
      .limit(1).for('update');
    return row ?? null;
  },

  /** A comment other than `exceptId` already carries this image. */
  async imageInUse(db: Executor, fileId: string, exceptId: string | null): Promise<boolean> {
    const [row] = await db.select({ id: comments.id }).from(comments)
      .where(and(eq(comments.fileId, fileId), exceptId ? ne(comments.id, exceptId) : undefined)).limit(1);
    return Boolean(row);
  },

  /** Every comment image a person uploaded, attached or not (their account's deletion takes them). */
  async imageIdsOwnedBy(db: Executor, ownerId: string): Promise<string[]> {
    const rows = await db.select({ id: mediaFiles.id }).from(mediaFiles)
      .where(and(eq(mediaFiles.ownerId, ownerId), eq(mediaFiles.purpose, COMMENT_IMAGE_PURPOSE)));
    return rows.map((r) => r.id);
  },

  /**
   * Moves a top-level comment's reply counter in SQL. Taking its row lock first is what orders a
   * new reply against the parent's deletion or removal: false when the parent no longer exists
   * (or, with `visibleOnly`, was removed by the moderators).
   */
  async moveReplies(db: Executor, parentId: string, delta: number, options: { visibleOnly?: boolean } = {}): Promise<boolean> {
    const rows = await db.update(comments)
      .set({ totalReplies: sql`${comments.totalReplies} + ${delta}` })
      .where(and(eq(comments.id, parentId), isNull(comments.parentId), options.visibleOnly ? isNull(comments.hiddenAt) : undefined))
      .returning({ id: comments.id });
    return rows.length > 0;
  },

  /** Deletes one comment; the deleted row, or null when it was already gone. */
  async deleteById(db: Executor, id: string): Promise<CommentRow | null> {
    const [row] = await db.delete(comments).where(eq(comments.id, id)).returning();
    return row ?? null;
  },

  /**
   * Deletes a comment's replies explicitly (not by the cascade) so the item's counter can drop by
   * exactly the replies it counted: how many went, and how many of those were not removed by the
   * moderators.
   */
  async deleteReplies(db: Executor, parentId: string): Promise<{ removed: number; visible: number; fileIds: string[] }> {
    const rows = await db.delete(comments).where(eq(comments.parentId, parentId)).returning({ hiddenAt: comments.hiddenAt, fileId: comments.fileId });
    return {
      removed: rows.length,
      visible: rows.filter((r) => r.hiddenAt === null).length,
      fileIds: rows.flatMap((r) => (r.fileId ? [r.fileId] : [])),
    };
  },

  /** Replies of a (locked) top-level comment that the moderators did not remove. */
  async countVisibleReplies(db: Executor, parentId: string): Promise<number> {
    const [{ n }] = await db.select({ n: count() }).from(comments).where(and(eq(comments.parentId, parentId), isNull(comments.hiddenAt)));
    return Number(n);
  },

  /** Sets or clears the moderators' removal; the row after it. */
  async setHidden(db: Executor, id: string, hidden: { at: Date; reason: string | null } | null): Promise<CommentRow> {
    const [row] = await db.update(comments)
      .set({ hiddenAt: hidden?.at ?? null, hiddenReason: hidden?.reason ?? null })
      .where(eq(comments.id, id)).returning();
    return row;
  },

  /** A page of an item's top-level comments that `readable` lets through, newest first, and how many there are. */
  async listTopLevel(db: Executor, objectType: CommentObjectType, objectId: string, page: Page, readable?: SQL) {
    const where = and(eq(comments.objectType, objectType), eq(comments.objectId, objectId), isNull(comments.parentId), readable);
    const [rows, [{ total }]] = await Promise.all([
      withUser(db).where(where).orderBy(desc(comments.createdAt), desc(comments.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(comments).where(where),
    ]);
    return { rows, total: Number(total) };
  },

  /** A page of one comment's replies that `readable` lets through, oldest first (a conversation reads downwards). */
  async listReplies(db: Executor, parentId: string, page: Page, readable?: SQL) {
    const where = and(eq(comments.parentId, parentId), readable);
    const [rows, [{ total }]] = await Promise.all([
      withUser(db).where(where).orderBy(asc(comments.createdAt), asc(comments.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(comments).where(where),
    ]);
    return { rows, total: Number(total) };
  },

  /** The first `n` replies that `readable` lets through of each of these comments, oldest first, in one query. */
  async firstReplies(db: Executor, parentIds: string[], n: number, readable?: SQL): Promise<CommentWithUser[]> {
    if (!parentIds.length) return [];
    const ranked = db.select({
      id: comments.id,
      rank: sql<number>`row_number() over (partition by ${comments.parentId} order by ${comments.createdAt}, ${comments.id})`.as('rank'),
    }).from(comments).where(and(inArray(comments.parentId, parentIds), readable)).as('ranked');
    return withUser(db).innerJoin(ranked, eq(ranked.id, comments.id)).where(lte(ranked.rank, n))
      .orderBy(asc(comments.createdAt), asc(comments.id));
  },
};
