import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { follows, performers, reactions } from '../db/schema';

/** Bulk writes only the demo seed needs; features write these rows one at a time through their own services. */
export const seedRepository = {
  async insertFollows(db: Executor, rows: { followerId: string; performerId: string; createdAt: Date }[]): Promise<void> {
    if (rows.length) await db.insert(follows).values(rows).onConflictDoNothing();
  },

  async insertBookmarks(db: Executor, rows: { userId: string; performerId: string; createdAt: Date }[]): Promise<void> {
    if (!rows.length) return;
    await db.insert(reactions)
      .values(rows.map((r) => ({ userId: r.userId, objectType: 'performer', objectId: r.performerId, action: 'bookmark' as const, createdAt: r.createdAt })))
      .onConflictDoNothing();
  },

  /** Sets every follower counter from the follows rows, so the counters start out exactly right. */
  async recountFollowers(db: Executor): Promise<void> {
    await db.update(performers).set({
      totalFollowers: sql`(select count(*)::int from ${follows} where ${follows.performerId} = ${performers.userId})`,
    });
  },
};
