import { and, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { performers, users } from '../../db/schema';

export type NewPerformer = typeof performers.$inferInsert;

export const performersRepository = {
  async insert(db: Executor, values: NewPerformer) {
    await db.insert(performers).values(values);
  },

  /**
   * An active performer by username, or by id when `id` is given (only a UUID may be compared with
   * the uuid column; PostgreSQL rejects anything else instead of finding nothing).
   */
  async findPublic(db: Executor, by: { username: string; id?: string }) {
    const match = by.id ? or(eq(users.username, by.username), eq(users.id, by.id)) : eq(users.username, by.username);
    const [row] = await db
      .select({ user: users, performer: performers })
      .from(users)
      .innerJoin(performers, eq(performers.userId, users.id))
      .where(and(match, eq(users.role, 'performer'), eq(users.status, 'active')))
      .limit(1);
    return row ?? null;
  },
};
