import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';

const keyIs = (userId: string, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/** The `idempotency_keys` rows behind src/server/plugins/idempotency.ts. */
export const idempotencyRepository = {
  /** True when this call claimed the key (no row existed). */
  async claim(db: Executor, userId: string, key: string, fingerprint: string): Promise<boolean> {
    const rows = await db.insert(idempotencyKeys).values({ userId, key, fingerprint }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    return rows.length > 0;
  },

  async find(db: Executor, userId: string, key: string) {
    const [row] = await db.select().from(idempotencyKeys).where(keyIs(userId, key));
    return row ?? null;
  },

  async answer(db: Executor, userId: string, key: string, statusCode: number, body: string) {
    await db.update(idempotencyKeys).set({ statusCode, body }).where(keyIs(userId, key));
  },

  async release(db: Executor, userId: string, key: string) {
    await db.delete(idempotencyKeys).where(keyIs(userId, key));
  },

  /** Drops a claim nobody answered since `before` (its request died). */
  async releaseAbandoned(db: Executor, userId: string, key: string, before: Date) {
    await db.delete(idempotencyKeys).where(and(keyIs(userId, key), isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, before)));
  },

  async deleteOlderThan(db: Executor, before: Date) {
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
  },
};
