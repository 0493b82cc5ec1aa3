import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accountWarnings, users } from '../../db/schema';

export type AccountWarningRow = typeof accountWarnings.$inferSelect;

export const accountStatusRepository = {
  /** The account row locked for the status change (two operators acting at once take turns). */
  async lock(db: Executor, userId: string) {
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    return row ?? null;
  },

  async setStatus(db: Executor, userId: string, patch: Pick<typeof users.$inferInsert, 'status' | 'suspendedReason' | 'suspendedUntil' | 'suspendedAt'>) {
    const [row] = await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    return row;
  },

  async find(db: Executor, userId: string) {
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    return row ?? null;
  },

  /** Suspensions whose end has come (all of them, or `userId`'s): lifted by the job and at sign-in. */
  async liftExpired(db: Executor, now = new Date(), userId?: string) {
    return db.update(users)
      .set({ status: 'active', suspendedReason: null, suspendedUntil: null, suspendedAt: null, updatedAt: now })
      .where(and(
        eq(users.status, 'suspended'), isNotNull(users.suspendedUntil), lte(users.suspendedUntil, now),
        userId ? eq(users.id, userId) : undefined,
      ))
      .returning({ id: users.id });
  },

  async addWarning(db: Executor, values: typeof accountWarnings.$inferInsert): Promise<AccountWarningRow> {
    const [row] = await db.insert(accountWarnings).values(values).returning();
    return row;
  },

  async warningsOf(db: Executor, userId: string): Promise<AccountWarningRow[]> {
    return db.select().from(accountWarnings).where(eq(accountWarnings.userId, userId)).orderBy(accountWarnings.createdAt);
  },
};
