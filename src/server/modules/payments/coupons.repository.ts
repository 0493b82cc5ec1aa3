import { and, count, desc, eq, gt, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { couponRedemptions, coupons, paymentTransactions, users } from '../../db/schema';
import { escapeLike } from '../../shared/like';

export type CouponRow = typeof coupons.$inferSelect;

/** The coupon's code index is on upper(code): two codes differing only in case are one code. */
export function isDuplicateCode(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === 'coupons_code_key' || Boolean(e.message?.includes('coupons_code_key'));
  }
  return false;
}

export const couponsRepository = {
  async findByCode(db: Executor, code: string): Promise<CouponRow | null> {
    const [row] = await db.select().from(coupons).where(sql`upper(${coupons.code}) = upper(${code})`).limit(1);
    return row ?? null;
  },

  async findById(db: Executor, id: string): Promise<CouponRow | null> {
    const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
    return row ?? null;
  },

  async redeemed(db: Executor, couponId: string, userId: string): Promise<boolean> {
    const [row] = await db.select({ id: couponRedemptions.couponId }).from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
    return Boolean(row);
  },

  /**
   * Takes one use of the coupon for this user and payment, inside the payment's transaction.
   * The redemption's key (coupon, user) makes it once per user; the conditional increment makes
   * the last use go to one payment only (concurrent claims wait on the row and re-check).
   */
  async claim(tx: Executor, couponId: string, userId: string, paymentId: string): Promise<'ok' | 'already-used' | 'unavailable'> {
    const inserted = await tx.insert(couponRedemptions).values({ couponId, userId, paymentTransactionId: paymentId })
      .onConflictDoNothing().returning({ id: couponRedemptions.couponId });
    if (!inserted.length) return 'already-used';
    const [row] = await tx.update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(and(
        eq(coupons.id, couponId),
        eq(coupons.active, true),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, sql`now()`)),
        or(isNull(coupons.maxUses), lt(coupons.usedCount, coupons.maxUses)),
      ))
      .returning({ id: coupons.id });
    return row ? 'ok' : 'unavailable';
  },

  /** Gives the use back when the payment that claimed it failed. */
  async release(tx: Executor, couponId: string, paymentId: string): Promise<void> {
    const deleted = await tx.delete(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.paymentTransactionId, paymentId)))
      .returning({ id: couponRedemptions.couponId });
    if (deleted.length) {
      await tx.update(coupons).set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` }).where(eq(coupons.id, couponId));
    }
  },

  async insert(db: Executor, values: typeof coupons.$inferInsert): Promise<CouponRow> {
    const [row] = await db.insert(coupons).values(values).returning();
    return row!;
  },

  async update(db: Executor, id: string, values: Partial<typeof coupons.$inferInsert>): Promise<CouponRow | null> {
    const [row] = await db.update(coupons).set({ ...values, updatedAt: sql`now()` }).where(eq(coupons.id, id)).returning();
    return row ?? null;
  },

  /**
   * The coupon, row-locked until the edit's transaction ends (its "before" is then exact). `no key
   * update`: a fan's claim of a use (a redemption row pointing at the coupon) is not held up.
   */
  async lock(db: Executor, id: string): Promise<CouponRow | null> {
    const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).for('no key update');
    return row ?? null;
  },

  /** Its uses, newest first, each with the user and the payment that claimed it. */
  async redemptions(db: Executor, couponId: string, page: { offset: number; limit: number }) {
    const where = eq(couponRedemptions.couponId, couponId);
    const [rows, [{ total }]] = await Promise.all([
      db.select({ redemption: couponRedemptions, user: users, payment: paymentTransactions }).from(couponRedemptions)
        .leftJoin(users, eq(users.id, couponRedemptions.userId))
        .leftJoin(paymentTransactions, eq(paymentTransactions.id, couponRedemptions.paymentTransactionId))
        .where(where)
        .orderBy(desc(couponRedemptions.createdAt), desc(couponRedemptions.userId))
        .offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(couponRedemptions).where(where),
    ]);
    return { rows, total };
  },

  async list(db: Executor, q: { offset: number; limit: number; q?: string }): Promise<{ rows: CouponRow[]; total: number }> {
    const text = q.q?.trim();
    const where = text ? ilike(coupons.code, `%${escapeLike(text)}%`) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(coupons).where(where).orderBy(desc(coupons.createdAt), desc(coupons.id)).offset(q.offset).limit(q.limit),
      db.select({ total: count() }).from(coupons).where(where),
    ]);
    return { rows, total };
  },
};
