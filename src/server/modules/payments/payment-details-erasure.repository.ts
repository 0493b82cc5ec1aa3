import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gatewayCustomers, paymentCards, payoutAccounts } from '../../db/schema';

/**
 * A deleted account's payment details (issue 15, account deletion): saved cards (holder name, brand,
 * last four digits), the gateway customer and a creator's connected payout account. Card payments
 * keep their rows (the books need them); their `card_id` then points at nothing.
 */
export const paymentDetailsErasureRepository = {
  async eraseOf(db: Executor, userId: string): Promise<void> {
    await db.delete(paymentCards).where(eq(paymentCards.userId, userId));
    await db.delete(gatewayCustomers).where(eq(gatewayCustomers.userId, userId));
    await db.delete(payoutAccounts).where(eq(payoutAccounts.performerId, userId));
  },
};
