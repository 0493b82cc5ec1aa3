import { and, count, desc, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payoutAccounts, payoutRequests, performerBankingSettings, performerPaymentSettings, users } from '../../db/schema';
import type { PayoutMethod, PayoutStatus } from '../../../common/contract/payouts';

export type PayoutRow = typeof payoutRequests.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export interface PayoutWithPerformer {
  request: PayoutRow;
  performer: UserRow | null;
}

export interface PayoutFilter {
  performerId?: string;
  status?: PayoutStatus;
}

const p = payoutRequests;

export const payoutsRepository = {
  /** The new pending request; null when the creator already has one (the partial unique index decides). */
  async insertPending(db: Executor, values: { id: string; performerId: string; amountCents: number; method: PayoutMethod; requestNote: string; reserveTransactionId: string }) {
    const [row] = await db.insert(p).values({ ...values, status: 'pending' }).onConflictDoNothing().returning();
    return row ?? null;
  },

  async findPendingOf(db: Executor, performerId: string): Promise<PayoutRow | null> {
    const [row] = await db.select().from(p).where(and(eq(p.performerId, performerId), eq(p.status, 'pending'))).limit(1);
    return row ?? null;
  },

  async findById(db: Executor, id: string): Promise<PayoutWithPerformer | null> {
    const [row] = await db.select({ request: p, performer: users }).from(p).leftJoin(users, eq(users.id, p.performerId)).where(eq(p.id, id)).limit(1);
    return row ?? null;
  },

  /** The creator's own request, row-locked until the transaction ends. */
  async lockOwn(db: Executor, id: string, performerId: string): Promise<PayoutRow | null> {
    const [row] = await db.select().from(p).where(and(eq(p.id, id), eq(p.performerId, performerId))).limit(1).for('update');
    return row ?? null;
  },

  async updatePending(db: Executor, id: string, values: { amountCents: number; method: PayoutMethod; requestNote: string }): Promise<PayoutRow> {
    const [row] = await db.update(p).set({ ...values, updatedAt: sql`now()` }).where(and(eq(p.id, id), eq(p.status, 'pending'))).returning();
    return row!;
  },

  /**
   * Moves a pending request to its final status; null when it is no longer pending. The
   * condition is re-checked after waiting for any concurrent writer's lock, so two deciders
   * racing on one request cannot both win.
   */
  async closePending(db: Executor, id: string, status: Exclude<PayoutStatus, 'pending'>, adminNote?: string): Promise<PayoutRow | null> {
    const [row] = await db
      .update(p)
      .set({ status, decidedAt: sql`now()`, updatedAt: sql`now()`, ...(adminNote !== undefined ? { adminNote } : {}) })
      .where(and(eq(p.id, id), eq(p.status, 'pending')))
      .returning();
    return row ?? null;
  },

  async setSettlement(db: Executor, id: string, settleTransactionId: string, gatewayTransferId: string | null): Promise<PayoutRow> {
    const [row] = await db.update(p).set({ settleTransactionId, gatewayTransferId }).where(eq(p.id, id)).returning();
    return row!;
  },

  async list(db: Executor, filter: PayoutFilter, sort: 'asc' | 'desc', page: { offset: number; limit: number }) {
    const where = and(filter.performerId ? eq(p.performerId, filter.performerId) : undefined, filter.status ? eq(p.status, filter.status) : undefined);
    const dir = sort === 'asc' ? asc : desc;
    const [rows, [{ total }]] = await Promise.all([
      db.select({ request: p, performer: users }).from(p).leftJoin(users, eq(users.id, p.performerId))
        .where(where).orderBy(dir(p.createdAt), dir(p.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(p).where(where),
    ]);
    return { rows: rows as PayoutWithPerformer[], total: Number(total) };
  },

  /**
   * The payout methods a creator's settings support: bank details saved (banking), a PayPal
   * address saved (paypal), an enabled connected account at a gateway (stripe, sandbox).
   */
  async methodsOf(db: Executor, performerId: string): Promise<PayoutMethod[]> {
    // One after another: this runs inside transactions, where a connection takes one query at a time.
    const [bank] = await db.select({ id: performerBankingSettings.performerId }).from(performerBankingSettings)
      .where(eq(performerBankingSettings.performerId, performerId));
    const [paypal] = await db.select({ id: performerPaymentSettings.performerId }).from(performerPaymentSettings)
      .where(and(eq(performerPaymentSettings.performerId, performerId), isNotNull(performerPaymentSettings.paypalEmail)));
    const accounts = await db.select({ gateway: payoutAccounts.gateway }).from(payoutAccounts)
      .where(and(eq(payoutAccounts.performerId, performerId), eq(payoutAccounts.status, 'enabled')));
    const methods: PayoutMethod[] = [];
    if (bank) methods.push('banking');
    if (paypal) methods.push('paypal');
    for (const a of accounts) methods.push(a.gateway);
    return methods;
  },
};
