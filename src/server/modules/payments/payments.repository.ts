import { and, asc, count, desc, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coupons, gatewayCustomers, paymentCards, paymentTransactions, type PaymentGatewayName } from '../../db/schema';

export type PaymentRow = typeof paymentTransactions.$inferSelect;
export type NewPayment = typeof paymentTransactions.$inferInsert;
export type CardRow = typeof paymentCards.$inferSelect;

/** A payment with what its DTO shows of its card and coupon. */
export interface PaymentView {
  payment: PaymentRow;
  card: { brand: string; last4: string } | null;
  couponCode: string | null;
}

/** Which payment: by our id, or by the gateway's intent (webhooks). */
export type PaymentRef = { paymentId: string } | { gateway: PaymentGatewayName; intentId: string };

const refWhere = (ref: PaymentRef): SQL =>
  'paymentId' in ref
    ? eq(paymentTransactions.id, ref.paymentId)
    : and(eq(paymentTransactions.gateway, ref.gateway), eq(paymentTransactions.gatewayIntentId, ref.intentId))!;

const viewColumns = {
  payment: paymentTransactions,
  brand: paymentCards.brand,
  last4: paymentCards.last4,
  couponCode: coupons.code,
};

function toView(r: { payment: PaymentRow; brand: string | null; last4: string | null; couponCode: string | null }): PaymentView {
  return { payment: r.payment, card: r.brand && r.last4 ? { brand: r.brand, last4: r.last4 } : null, couponCode: r.couponCode };
}

const viewQuery = (db: Executor) =>
  db.select(viewColumns).from(paymentTransactions)
    .leftJoin(paymentCards, eq(paymentCards.id, paymentTransactions.cardId))
    .leftJoin(coupons, eq(coupons.id, paymentTransactions.couponId));

export const paymentsRepository = {
  async insert(tx: Executor, values: NewPayment): Promise<PaymentRow> {
    const [row] = await tx.insert(paymentTransactions).values(values).returning();
    return row!;
  },

  async view(db: Executor, id: string, userId?: string): Promise<PaymentView | null> {
    const [row] = await viewQuery(db).where(and(eq(paymentTransactions.id, id), userId ? eq(paymentTransactions.userId, userId) : undefined)).limit(1);
    return row ? toView(row) : null;
  },

  async find(db: Executor, ref: PaymentRef): Promise<PaymentRow | null> {
    const [row] = await db.select().from(paymentTransactions).where(refWhere(ref)).limit(1);
    return row ?? null;
  },

  async search(
    db: Executor,
    userId: string,
    q: { offset: number; limit: number; status?: PaymentRow['status']; kind?: PaymentRow['kind']; sortBy: 'createdAt' | 'updatedAt'; sort: 'asc' | 'desc' },
  ): Promise<{ rows: PaymentView[]; total: number }> {
    const where = and(
      eq(paymentTransactions.userId, userId),
      q.status ? eq(paymentTransactions.status, q.status) : undefined,
      q.kind ? eq(paymentTransactions.kind, q.kind) : undefined,
    );
    const column = q.sortBy === 'updatedAt' ? paymentTransactions.updatedAt : paymentTransactions.createdAt;
    const order = q.sort === 'asc' ? [asc(column), asc(paymentTransactions.id)] : [desc(column), desc(paymentTransactions.id)];
    const [rows, [{ total }]] = await Promise.all([
      viewQuery(db).where(where).orderBy(...order).offset(q.offset).limit(q.limit),
      db.select({ total: count() }).from(paymentTransactions).where(where),
    ]);
    return { rows: rows.map(toView), total };
  },

  /** pending → succeeded, only once: the caller credits only when this returned a row. */
  async markSucceeded(tx: Executor, ref: PaymentRef): Promise<PaymentRow | null> {
    const [row] = await tx.update(paymentTransactions)
      .set({ status: 'succeeded', failureReason: null, updatedAt: sql`now()` })
      .where(and(refWhere(ref), eq(paymentTransactions.status, 'pending')))
      .returning();
    return row ?? null;
  },

  async markFailed(tx: Executor, ref: PaymentRef, reason: string): Promise<PaymentRow | null> {
    const [row] = await tx.update(paymentTransactions)
      .set({ status: 'failed', failureReason: reason, updatedAt: sql`now()` })
      .where(and(refWhere(ref), eq(paymentTransactions.status, 'pending')))
      .returning();
    return row ?? null;
  },

  /** failed → pending for a retry; only one of concurrent retries gets the row. */
  async reopenFailed(tx: Executor, id: string, userId: string, cardId: string): Promise<PaymentRow | null> {
    const [row] = await tx.update(paymentTransactions)
      .set({ status: 'pending', failureReason: null, cardId, gatewayIntentId: null, updatedAt: sql`now()` })
      .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.userId, userId), eq(paymentTransactions.status, 'failed')))
      .returning();
    return row ?? null;
  },

  /** Pending payments with a gateway answer id, untouched since `before` (reconciliation). */
  async stalePending(db: Executor, gateway: PaymentGatewayName, before: Date, limit: number): Promise<PaymentRow[]> {
    return db.select().from(paymentTransactions).where(and(
      eq(paymentTransactions.status, 'pending'), eq(paymentTransactions.gateway, gateway),
      isNotNull(paymentTransactions.gatewayIntentId), lte(paymentTransactions.updatedAt, before),
    )).orderBy(asc(paymentTransactions.updatedAt)).limit(limit);
  },

  /** A renewal the gateway billed itself: one row per invoice (its id is the intent), pending until confirmed. */
  async insertRenewal(db: Executor, values: NewPayment): Promise<void> {
    await db.insert(paymentTransactions).values(values).onConflictDoNothing();
  },

  async setIntent(db: Executor, id: string, intentId: string): Promise<void> {
    await db.update(paymentTransactions).set({ gatewayIntentId: intentId, updatedAt: sql`now()` }).where(eq(paymentTransactions.id, id));
  },

  async setLedgerTransaction(tx: Executor, id: string, ledgerTransactionId: string): Promise<void> {
    await tx.update(paymentTransactions).set({ ledgerTransactionId }).where(eq(paymentTransactions.id, id));
  },
};

export const gatewayCustomersRepository = {
  async find(db: Executor, userId: string, gateway: PaymentGatewayName): Promise<string | null> {
    const [row] = await db.select({ id: gatewayCustomers.customerId }).from(gatewayCustomers)
      .where(and(eq(gatewayCustomers.userId, userId), eq(gatewayCustomers.gateway, gateway)));
    return row?.id ?? null;
  },

  /** Keeps the first customer when two requests create one at once; answers the stored id. */
  async insert(db: Executor, userId: string, gateway: PaymentGatewayName, customerId: string): Promise<string> {
    await db.insert(gatewayCustomers).values({ userId, gateway, customerId }).onConflictDoNothing();
    return (await gatewayCustomersRepository.find(db, userId, gateway))!;
  },
};

export const cardsRepository = {
  async list(db: Executor, userId: string, gateway: PaymentGatewayName): Promise<CardRow[]> {
    return db.select().from(paymentCards)
      .where(and(eq(paymentCards.userId, userId), eq(paymentCards.gateway, gateway)))
      .orderBy(desc(paymentCards.createdAt), desc(paymentCards.id));
  },

  async find(db: Executor, id: string, userId: string, gateway: PaymentGatewayName): Promise<CardRow | null> {
    const [row] = await db.select().from(paymentCards)
      .where(and(eq(paymentCards.id, id), eq(paymentCards.userId, userId), eq(paymentCards.gateway, gateway)));
    return row ?? null;
  },

  async insert(db: Executor, values: typeof paymentCards.$inferInsert): Promise<CardRow> {
    const [row] = await db.insert(paymentCards).values(values).returning();
    return row!;
  },

  async remove(db: Executor, id: string, userId: string): Promise<CardRow | null> {
    const [row] = await db.delete(paymentCards).where(and(eq(paymentCards.id, id), eq(paymentCards.userId, userId))).returning();
    return row ?? null;
  },
};
