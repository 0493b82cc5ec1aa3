import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { follows, performers, users } from '../../db/schema';
import type { Viewer } from '../blocking/viewer';
import { listablePerformers, performersRepository } from '../performers/performers.repository';
import { readAll } from '../../db/reads';

export interface Page {
  offset: number;
  limit: number;
}

/** `q` as a literal substring for ILIKE: % and _ typed by a person are not wildcards. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Name or username of an account contains `q` (undefined when there is no q). */
export function nameMatches(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(ilike(users.name, pattern), ilike(users.username, pattern));
}

/**
 * The counter moves by exactly one in SQL (`total_followers + 1`), never read-modify-write, so
 * concurrent requests cannot lose an update; the row lock it takes serialises them.
 */
async function moveCounter(db: Executor, performerId: string, delta: 1 | -1): Promise<number> {
  const [row] = await db.update(performers)
    .set({ totalFollowers: sql`${performers.totalFollowers} + ${delta}` })
    .where(eq(performers.userId, performerId))
    .returning({ total: performers.totalFollowers });
  return row.total;
}

async function readCounter(db: Executor, performerId: string): Promise<number> {
  const [row] = await db.select({ total: performers.totalFollowers }).from(performers).where(eq(performers.userId, performerId));
  return row?.total ?? 0;
}

export const followsRepository = {
  /**
   * Follows once: a repeat (or a lost race on the unique pair) inserts nothing and leaves the
   * counter alone. Returns the follower count afterwards and whether this call added the follow. Call inside a transaction.
   */
  async add(db: Executor, followerId: string, performerId: string): Promise<{ followers: number; added: boolean }> {
    const inserted = await db.insert(follows).values({ followerId, performerId }).onConflictDoNothing()
      .returning({ id: follows.id });
    const added = inserted.length > 0;
    return { followers: added ? await moveCounter(db, performerId, 1) : await readCounter(db, performerId), added };
  },

  /** Unfollows; the counter drops only when a row was really deleted. Call inside a transaction. */
  async remove(db: Executor, followerId: string, performerId: string): Promise<number> {
    const deleted = await db.delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.performerId, performerId)))
      .returning({ id: follows.id });
    return deleted.length ? moveCounter(db, performerId, -1) : readCounter(db, performerId);
  },

  /** A creator's followers, newest first, optionally filtered by the follower's name or username. */
  async listFollowers(db: Executor, performerId: string, q: string | undefined, page: Page) {
    const where = and(eq(follows.performerId, performerId), nameMatches(q));
    const [rows, [{ total }]] = await Promise.all([
      db.select({ follow: follows, user: users }).from(follows)
        .innerJoin(users, eq(users.id, follows.followerId))
        .where(where).orderBy(desc(follows.createdAt), desc(follows.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(follows).innerJoin(users, eq(users.id, follows.followerId)).where(where),
    ]);
    return { rows, total };
  },

  /**
   * Creators the viewer follows and may still see (a creator who has since blocked the viewer's
   * account or country, or was deactivated, drops out), newest follow first.
   */
  async listFollowing(db: Executor, viewer: Viewer & { userId: string }, q: string | undefined, page: Page) {
    const followed = and(eq(follows.performerId, users.id), eq(follows.followerId, viewer.userId));
    const where = and(listablePerformers(viewer), nameMatches(q));
    const [rows, [{ total }]] = await readAll(db,
      () => performersRepository.selectWithViewer(db, viewer).innerJoin(follows, followed)
        .where(where).orderBy(desc(follows.createdAt), desc(follows.id)).offset(page.offset).limit(page.limit),
      () => db.select({ total: count() }).from(users)
        .innerJoin(performers, eq(performers.userId, users.id)).innerJoin(follows, followed).where(where),
    );
    return { rows, total };
  },

  /** The follow rows of one follower for these creators (selectWithViewer cannot carry them). */
  async findMany(db: Executor, followerId: string, performerIds: string[]) {
    if (!performerIds.length) return [];
    return db.select().from(follows).where(and(eq(follows.followerId, followerId), inArray(follows.performerId, performerIds)));
  },

  /** Every creator id the follower follows, newest first (the client's followedIds). */
  async followedIds(db: Executor, followerId: string): Promise<string[]> {
    const rows = await db.select({ id: follows.performerId }).from(follows)
      .where(eq(follows.followerId, followerId)).orderBy(desc(follows.createdAt));
    return rows.map((r) => r.id);
  },

  /** The creator's follower count and how many of those follows began at or after `since`. */
  async creatorCounts(db: Executor, performerId: string, since: Date): Promise<{ total: number; new: number }> {
    const [row] = await db
      .select({ total: count(), recent: sql<number>`count(*) filter (where ${follows.createdAt} >= ${since})::int` })
      .from(follows)
      .where(eq(follows.performerId, performerId));
    return { total: Number(row?.total ?? 0), new: Number(row?.recent ?? 0) };
  },
};
