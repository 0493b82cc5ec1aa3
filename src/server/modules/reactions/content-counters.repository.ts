import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { feeds, performers } from '../../db/schema';
import type { ContentType } from '../../../common/contract/content';
import { contentColumns, contentTable } from '../content/content-tables.repository';

export type ContentCounter = 'totalLikes' | 'totalBookmarks' | 'totalComments';

/**
 * The cached engagement counters of feeds, videos, galleries and products, and the creator's
 * `performers.total_likes` (likes on all their content). Every change is `x + delta` in SQL,
 * never read-modify-write, so concurrent requests cannot lose one; callers move a counter only
 * when a row really changed, in the same transaction.
 */
export const contentCountersRepository = {
  /**
   * Moves one counter of an item; returns its creator's id and its label (title, name or post
   * text, for a notification: no second read), or null when the item is gone.
   */
  async move(db: Executor, type: ContentType, id: string, counter: ContentCounter, delta: number): Promise<{ performerId: string; label: string } | null> {
    // The four tables share these columns; the cast only picks one of them for the types.
    const table = contentTable[type] as typeof feeds;
    const [row] = await db.update(table)
      .set({ [counter]: sql`${table[counter]} + ${delta}` })
      .where(eq(table.id, id))
      .returning({ performerId: table.performerId, label: sql<string>`${contentColumns[type].label}` });
    return row ?? null;
  },

  /** A like on one of the creator's items came or went. */
  async moveCreatorLikes(db: Executor, performerId: string, delta: number): Promise<void> {
    await db.update(performers).set({ totalLikes: sql`${performers.totalLikes} + ${delta}` }).where(eq(performers.userId, performerId));
  },
};
