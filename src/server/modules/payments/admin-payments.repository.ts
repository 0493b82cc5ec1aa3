import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coupons, paymentCards, paymentTransactions, users } from '../../db/schema';
import type { PaymentRow, PaymentView } from './payments.repository';
import { readAll } from '../../db/reads';

export type PayerRow = typeof users.$inferSelect;

export interface AdminPaymentFilter {
  status?: PaymentRow['status'];
  kind?: PaymentRow['kind'];
  userId?: string;
  from?: Date;
  to?: Date;
}

/** A payment as operators see it: the payment's own view plus who paid. */
export type AdminPaymentView = PaymentView & { user: PayerRow | null };

const query = (db: Executor, where: SQL | undefined) =>
  db.select({
    payment: paymentTransactions,
    brand: paymentCards.brand,
    last4: paymentCards.last4,
    couponCode: coupons.code,
    user: users,
  }).from(paymentTransactions)
    .leftJoin(paymentCards, eq(paymentCards.id, paymentTransactions.cardId))
    .leftJoin(coupons, eq(coupons.id, paymentTransactions.couponId))
    .leftJoin(users, eq(users.id, paymentTransactions.userId))
    .where(where);

type Row = Awaited<ReturnType<typeof query>>[number];
const toView = (r: Row): AdminPaymentView => ({
  payment: r.payment,
  card: r.brand && r.last4 ? { brand: r.brand, last4: r.last4 } : null,
  couponCode: r.couponCode,
  user: r.user,
});

/** Card payments across users, for the money console (reads, and the refund's two writes). */
export const adminPaymentsRepository = {
  async search(db: Executor, f: AdminPaymentFilter, page: { offset: number; limit: number }) {
    const t = paymentTransactions;
    const where = and(
      f.status ? eq(t.status, f.status) : undefined,
      f.kind ? eq(t.kind, f.kind) : undefined,
      f.userId ? eq(t.userId, f.userId) : undefined,
      f.from ? gte(t.createdAt, f.from) : undefined,
      f.to ? lte(t.createdAt, f.to) : undefined,
    );
    const [rows, [total]] = await readAll(db,
      () => query(db, where).orderBy(desc(t.createdAt), desc(t.id)).offset(page.offset).limit(page.limit),
      () => db.select({ n: count() }).from(t).where(where),
    );
    return { rows: rows.map(toView), total: total?.n ?? 0 };
  },

  async view(db: Executor, id: string): Promise<AdminPaymentView | null> {
    const [row] = await query(db, eq(paymentTransactions.id, id)).limit(1);
    return row ? toView(row) : null;
  },

  /**
   * The payment, row-locked until the refund's transaction ends: two refunds of one payment take
   * turns. `no key update` leaves foreign-key checks of rows pointing at it (coupon redemptions) free.
   */
  async lock(tx: Executor, id: string): Promise<PaymentRow | null> {
    const [row] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)).for('no key update');
    return row ?? null;
  },

  /** succeeded → refunded, once, with the gateway's refund id and the operator's reason. */
  async markRefunded(tx: Executor, id: string, values: { gatewayRefundId: string | null; reason: string }): Promise<PaymentRow | null> {
    const [row] = await tx.update(paymentTransactions)
      .set({ status: 'refunded', refundedAt: sql`now()`, gatewayRefundId: values.gatewayRefundId, refundReason: values.reason, updatedAt: sql`now()` })
      .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.status, 'succeeded')))
      .returning();
    return row ?? null;
  },
};
