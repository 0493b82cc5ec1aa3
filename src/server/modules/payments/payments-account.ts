import type { Executor } from '../../db/client';
import { paymentDetailsErasureRepository } from './payment-details-erasure.repository';

/** What account deletion asks of the payments module: the person's payment details, gone in its transaction. */
export const paymentsAccount = {
  eraseDetails: (tx: Executor, userId: string) => paymentDetailsErasureRepository.eraseOf(tx, userId),
};
