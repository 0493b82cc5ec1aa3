import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { comments, users } from '../../db/schema';
import type { CommentObjectType } from '../../../common/contract/comments';

export type CommentRow = typeof comments.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export interface CommentWithUser {
  comment: CommentRow;
  user: UserRow;
}
interface Page {
  offset: number;
  limit: number;
}

const withUser = (db: Executor) => db.select({ comment: comments, user: users }).from(comments).innerJoin(users, eq(users.id, comments.userId));

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

  async updateText(db: Executor, id: string, text: string): Promise<void> {
    await db.update(comments).set({ text, updatedAt: sql`now()` }).where(eq(comments.id, id));
  },

  /**
   * Moves a top-level comment's reply counter in SQL. Taking its row lock first is what orders a
   * new reply against the parent's deletion: false when the parent no longer exists.
   */
  async moveReplies(db: Executor, parentId: string, delta: number): Promise<boolean> {
    const rows = await db.update(comments)
      .set({ totalReplies: sql`${comments.totalReplies} + ${delta}` })
      .where(and(eq(comments.id, parentId), isNull(comments.parentId)))
      .returning({ id: comments.id });
    return rows.length > 0;
  },

  /** Deletes one comment; false when it was already gone. */
  async deleteById(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
    return rows.length > 0;
  },

  /** Deletes a comment's replies explicitly (not by the cascade) so the item's counter can drop by exactly that many. */
  async deleteReplies(db: Executor, parentId: string): Promise<number> {
    const rows = await db.delete(comments).where(eq(comments.parentId, parentId)).returning({ id: comments.id });
    return rows.length;
  },

  /** A page of an item's top-level comments, newest first, and how many there are. */
  async listTopLevel(db: Executor, objectType: CommentObjectType, objectId: string, page: Page) {
    const where = and(eq(comments.objectType, objectType), eq(comments.objectId, objectId), isNull(comments.parentId));
    const [rows, [{ total }]] = await Promise.all([
      withUser(db).where(where).orderBy(desc(comments.createdAt), desc(comments.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(comments).where(where),
    ]);
    return { rows, total: Number(total) };
  },

  /** A page of one comment's replies, oldest first (a conversation reads downwards). */
  async listReplies(db: Executor, parentId: string, page: Page) {
    const where = eq(comments.parentId, parentId);
    const [rows, [{ total }]] = await Promise.all([
      withUser(db).where(where).orderBy(asc(comments.createdAt), asc(comments.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(comments).where(where),
    ]);
    return { rows, total: Number(total) };
  },

  /** The first `n` replies of each of these comments, oldest first, in one query. */
  async firstReplies(db: Executor, parentIds: string[], n: number): Promise<CommentWithUser[]> {
    if (!parentIds.length) return [];
    const ranked = db.select({
      id: comments.id,
      rank: sql<number>`row_number() over (partition by ${comments.parentId} order by ${comments.createdAt}, ${comments.id})`.as('rank'),
    }).from(comments).where(inArray(comments.parentId, parentIds)).as('ranked');
    return withUser(db).innerJoin(ranked, eq(ranked.id, comments.id)).where(lte(ranked.rank, n))
      .orderBy(asc(comments.createdAt), asc(comments.id));
  },
};
