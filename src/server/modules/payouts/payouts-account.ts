import type { Executor } from '../../db/client';
import { payoutsRepository } from './payouts.repository';

/** The creator's pending payout request in token cents (0 when none): an account deletion waits for it. */
export async function pendingPayoutCents(db: Executor, performerId: string): Promise<number> {
  return (await payoutsRepository.findPendingOf(db, performerId))?.amountCents ?? 0;
}
