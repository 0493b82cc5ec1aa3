import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { escapeLike } from '../../shared/like';

export type DirectoryUserRow = typeof users.$inferSelect;

export const DIRECTORY_SORTS = ['updatedAt', 'createdAt', 'name', 'username'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** Only active fan accounts are listed; creators and operators are found elsewhere. */
const listableFans = and(eq(users.role, 'user'), eq(users.status, 'active'))!;

/** `%`, `_` and `\` typed by a person are literal characters, not LIKE wildcards. */

export interface DirectoryQuery {
  q?: string;
  sortBy: DirectorySort;
  sort: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export const userDirectoryRepository = {
  async search(db: Executor, query: DirectoryQuery) {
    const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
    const where: SQL = pattern ? and(listableFans, or(ilike(users.name, pattern), ilike(users.username, pattern)))! : listableFans;
    const dir = query.sort === 'asc' ? asc : desc;
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(users).where(where).orderBy(dir(users[query.sortBy]), dir(users.id)).offset(query.offset).limit(query.limit),
      db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total: Number(total) };
  },

  /** An active fan by username, or by id when `id` is given (only a UUID may meet the uuid column). */
  async findFan(db: Executor, by: { username: string; id?: string }): Promise<DirectoryUserRow | null> {
    const match = by.id ? or(eq(users.username, by.username), eq(users.id, by.id)) : eq(users.username, by.username);
    const [row] = await db.select().from(users).where(and(match, listableFans)).limit(1);
    return row ?? null;
  },
};
