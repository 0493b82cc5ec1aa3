import { and, count, desc, eq, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { blockedCountries, blockedUsers, performers, users } from '../../db/schema';
import type { Viewer } from './viewer';

/**
 * A viewer as visibility rules read it in SQL, where the id and country may be parameters of a
 * prepared statement (`sql.placeholder`) instead of values: the statement's shape then depends
 * only on the role and on whether a country is known.
 */
export interface SqlViewer {
  userId: string | Placeholder | null;
  role: Viewer['role'];
  country: string | Placeholder | null;
}

/**
 * The visibility condition every performer list and detail query shares (DESIGN.md section 4):
 * hides creators who blocked the viewer's account or country. Admins see everyone; a creator
 * always sees themself. `performerId` is the column holding the creator's id in the caller's query.
 */
export function visibleToViewer(performerId: AnyPgColumn, viewer: SqlViewer): SQL | undefined {
  if (viewer.role === 'admin') return undefined;
  const conditions: SQL[] = [];
  if (viewer.userId) {
    conditions.push(
      sql`not exists (select 1 from ${blockedUsers} where ${blockedUsers.performerId} = ${performerId} and ${blockedUsers.userId} = ${viewer.userId})`,
    );
  }
  if (viewer.country) {
    conditions.push(
      sql`not exists (select 1 from ${blockedCountries} where ${blockedCountries.performerId} = ${performerId} and ${blockedCountries.country} = ${viewer.country})`,
    );
  }
  if (!conditions.length) return undefined;
  const rule = and(...conditions)!;
  return viewer.userId ? sql`(${performerId} = ${viewer.userId} or ${rule})` : rule;
}

/**
 * The other direction: hides accounts the viewer blocked (a creator who blocked another creator
 * does not meet them in the site search either). `accountId` is the column of the author's id.
 */
export function notBlockedByViewer(accountId: AnyPgColumn, viewer: Viewer): SQL | undefined {
  if (!viewer.userId) return undefined;
  return sql`not exists (select 1 from ${blockedUsers} where ${blockedUsers.performerId} = ${viewer.userId} and ${blockedUsers.userId} = ${accountId})`;
}

/** True when the creator blocked the account; each side a column, an SQL expression or an id. */
export function creatorBlockedAccountSql(creatorId: SQLWrapper | string, accountId: SQLWrapper | string): SQL {
  return sql`exists (select 1 from ${blockedUsers} where ${blockedUsers.performerId} = ${creatorId} and ${blockedUsers.userId} = ${accountId})`;
}

export const blockingRepository = {
  /**
   * Finds an active creator and row-locks their profile until the transaction ends. Actions that
   * create a relationship (follow, bookmark) take 'key share'; blocking takes 'update', which
   * waits for them and makes them wait. So a block and a follow of the same creator never
   * interleave: either the follow commits first and the block removes it, or the follow sees the
   * block. 'key share' does not conflict with the follower-counter update, so follows of one
   * creator still run side by side.
   */
  async lockCreator(db: Executor, performerId: string, mode: 'key share' | 'update'): Promise<boolean> {
    const rows = await db.select({ id: performers.userId }).from(performers)
      .innerJoin(users, eq(users.id, performers.userId))
      .where(and(eq(performers.userId, performerId), eq(users.role, 'performer'), eq(users.status, 'active')))
      .for(mode, { of: performers });
    return rows.length > 0;
  },

  /** True when the creator blocked this viewer's account or country. */
  async isBlocked(db: Executor, performerId: string, viewer: Viewer): Promise<boolean> {
    if (viewer.role === 'admin' || viewer.userId === performerId) return false;
    const [byUser, byCountry] = await Promise.all([
      viewer.userId
        ? db.select({ one: sql`1` }).from(blockedUsers)
            .where(and(eq(blockedUsers.performerId, performerId), eq(blockedUsers.userId, viewer.userId))).limit(1)
        : Promise.resolve([]),
      viewer.country
        ? db.select({ one: sql`1` }).from(blockedCountries)
            .where(and(eq(blockedCountries.performerId, performerId), eq(blockedCountries.country, viewer.country))).limit(1)
        : Promise.resolve([]),
    ]);
    return byUser.length > 0 || byCountry.length > 0;
  },

  /** Inserts the block; false when it already existed. */
  async blockUser(db: Executor, performerId: string, userId: string, reason: string): Promise<boolean> {
    const rows = await db.insert(blockedUsers).values({ performerId, userId, reason }).onConflictDoNothing()
      .returning({ userId: blockedUsers.userId });
    return rows.length > 0;
  },

  async unblockUser(db: Executor, performerId: string, userId: string): Promise<boolean> {
    const rows = await db.delete(blockedUsers)
      .where(and(eq(blockedUsers.performerId, performerId), eq(blockedUsers.userId, userId)))
      .returning({ userId: blockedUsers.userId });
    return rows.length > 0;
  },

  async findBlockedUser(db: Executor, performerId: string, userId: string) {
    const [row] = await db.select({ block: blockedUsers, user: users }).from(blockedUsers)
      .innerJoin(users, eq(users.id, blockedUsers.userId))
      .where(and(eq(blockedUsers.performerId, performerId), eq(blockedUsers.userId, userId)));
    return row ?? null;
  },

  async listBlockedUsers(db: Executor, performerId: string, page: { offset: number; limit: number }) {
    const where = eq(blockedUsers.performerId, performerId);
    const [rows, [{ total }]] = await Promise.all([
      db.select({ block: blockedUsers, user: users }).from(blockedUsers)
        .innerJoin(users, eq(users.id, blockedUsers.userId))
        .where(where).orderBy(desc(blockedUsers.createdAt)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(blockedUsers).where(where),
    ]);
    return { rows, total };
  },

  async listCountries(db: Executor, performerId: string): Promise<string[]> {
    const rows = await db.select({ country: blockedCountries.country }).from(blockedCountries)
      .where(eq(blockedCountries.performerId, performerId)).orderBy(blockedCountries.country);
    return rows.map((r) => r.country);
  },

  /** Replaces the whole list (call inside a transaction). */
  async replaceCountries(db: Executor, performerId: string, countries: string[]): Promise<void> {
    await db.delete(blockedCountries).where(eq(blockedCountries.performerId, performerId));
    if (countries.length) await db.insert(blockedCountries).values(countries.map((country) => ({ performerId, country })));
  },

  /** Which of these creators blocked the viewer (for filtering a page of ids in one query). */
  async blockedAmong(db: Executor, performerIds: string[], viewer: Viewer): Promise<Set<string>> {
    if (!performerIds.length || viewer.role === 'admin') return new Set();
    const hits = new Set<string>();
    if (viewer.userId) {
      const rows = await db.select({ id: blockedUsers.performerId }).from(blockedUsers)
        .where(and(inArray(blockedUsers.performerId, performerIds), eq(blockedUsers.userId, viewer.userId)));
      rows.forEach((r) => hits.add(r.id));
    }
    if (viewer.country) {
      const rows = await db.select({ id: blockedCountries.performerId }).from(blockedCountries)
        .where(and(inArray(blockedCountries.performerId, performerIds), eq(blockedCountries.country, viewer.country)));
      rows.forEach((r) => hits.add(r.id));
    }
    return hits;
  },
};
