import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginThrottles } from '../../db/schema';

export type LoginThrottleRow = typeof loginThrottles.$inferSelect;

export interface ThrottleRules {
  /** Failures in a row answered without any wait. */
  freeFailures: number;
  /** The wait after the first failure beyond `freeFailures`; doubles with each further one. */
  baseDelaySeconds: number;
  /** The failure count that locks the account. */
  lockAfter: number;
  lockMs: number;
}

/**
 * The per-account sign-in failure counter (login_throttles: one row per account that has failed
 * at least once since its last success). Every write is one statement, so parallel requests
 * count correctly on PostgreSQL and PGlite alike.
 */
export const loginThrottleRepository = {
  async find(db: Executor, userId: string): Promise<LoginThrottleRow | null> {
    const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.userId, userId)).limit(1);
    return row ?? null;
  },

  /**
   * Adds one failure (an UPSERT incrementing the count) and returns the row; reaching
   * `lockAfter` sets `locked_until = now + lockMs`, again at every further failure.
   * With `onlyIfOpen`, the increment happens only when the account is open at `now` (not locked,
   * and the growing delay since the last failure has passed) and null is returned otherwise. The
   * check and the increment are one statement (the conflicting row is locked and the condition
   * read again), so a burst of parallel requests cannot all pass the check before any is counted.
   */
  async addFailure(db: Executor, userId: string, now: Date, rules: ThrottleRules, onlyIfOpen: boolean): Promise<LoginThrottleRow | null> {
    const t = loginThrottles;
    const nowAt = sql`${now.toISOString()}::timestamptz`;
    const lockedUntil = new Date(now.getTime() + rules.lockMs);
    const open = sql`(${t.lockedUntil} is null or ${t.lockedUntil} <= ${nowAt})
      and (${t.failures} < ${rules.freeFailures} or ${t.lastFailureAt} is null
        or ${t.lastFailureAt} + make_interval(secs => ${rules.baseDelaySeconds}::float8 * power(2, least(${t.failures}, ${rules.lockAfter}) - ${rules.freeFailures})) <= ${nowAt})`;
    const [row] = await db
      .insert(t)
      .values({ userId, failures: 1, lastFailureAt: now, lockedUntil: rules.lockAfter <= 1 ? lockedUntil : null })
      .onConflictDoUpdate({
        target: t.userId,
        set: {
          failures: sql`${t.failures} + 1`,
          lastFailureAt: now,
          lockedUntil: sql`case when ${t.failures} + 1 >= ${rules.lockAfter} then ${lockedUntil.toISOString()}::timestamptz else ${t.lockedUntil} end`,
        },
        ...(onlyIfOpen ? { setWhere: open } : {}),
      })
      .returning();
    return row ?? null;
  },

  async clear(db: Executor, userId: string) {
    await db.delete(loginThrottles).where(eq(loginThrottles.userId, userId));
  },
};
