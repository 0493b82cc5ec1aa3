import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payoutAccounts, type PaymentGatewayName } from '../../db/schema';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export const payoutAccountsRepository = {
  async find(db: Executor, performerId: string, gateway: PaymentGatewayName): Promise<PayoutAccountRow | null> {
    const [row] = await db.select().from(payoutAccounts)
      .where(and(eq(payoutAccounts.performerId, performerId), eq(payoutAccounts.gateway, gateway)));
    return row ?? null;
  },

  /** One account per creator and gateway: a concurrent second connect keeps the first. */
  async insert(db: Executor, values: typeof payoutAccounts.$inferInsert): Promise<PayoutAccountRow> {
    await db.insert(payoutAccounts).values(values).onConflictDoNothing();
    return (await payoutAccountsRepository.find(db, values.performerId, values.gateway))!;
  },

  /** The gateway's news about an account (Stripe `account.updated`). */
  async setStatus(db: Executor, gateway: PaymentGatewayName, accountId: string, status: PayoutAccountRow['status']): Promise<void> {
    await db.update(payoutAccounts).set({ status, updatedAt: sql`now()` })
      .where(and(eq(payoutAccounts.gateway, gateway), eq(payoutAccounts.accountId, accountId)));
  },
};
