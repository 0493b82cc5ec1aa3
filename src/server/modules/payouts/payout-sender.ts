import type { PayoutMethod } from '../../../common/contract/payouts';

export interface PayoutToSend {
  requestId: string;
  performerId: string;
  amountCents: number;
  method: PayoutMethod;
}

export interface SentPayout {
  /** The gateway's transfer id; null when an operator paid it by hand. */
  transferId: string | null;
  channel: 'manual' | 'gateway';
}

/**
 * Where an approved payout leaves the platform. Today every method is paid by hand: the operator
 * sends the money (bank transfer, PayPal, ...) outside the app and approving records it, so this
 * returns at once with no transfer id. When the payment gateway's transfers exist, this is the
 * one place to call them (with `requestId` as the gateway's idempotency key); it runs inside the
 * approval's transaction, so a refused transfer rolls the approval back and the request stays
 * pending.
 */
export async function sendPayout(payout: PayoutToSend): Promise<SentPayout> {
  void payout;
  return { transferId: null, channel: 'manual' };
}
