import type { FastifyInstance } from 'fastify';
import type { PayoutMethod } from '../../../common/contract/payouts';
import type { Executor } from '../../db/client';
import { conflict } from '../../lib/http-error';
import { payoutAccountsRepository } from '../payments/payout-accounts.repository';

export interface PayoutToSend {
  requestId: string;
  performerId: string;
  /** Tokens (cents of a token), what the creator's earnings reserve holds. */
  amountCents: number;
  method: PayoutMethod;
}

export interface SentPayout {
  /** The gateway's transfer id; null when an operator paid it by hand. */
  transferId: string | null;
  channel: 'manual' | 'gateway';
}

/**
 * Where an approved payout leaves the platform. A request for the active card gateway's method
 * (Stripe, or the sandbox in test mode) is sent as a transfer to the creator's connected account,
 * converted to USD at the token rate read before the approval began (`usdPerTokenCent`), keyed by
 * the request id so a repeated approval never transfers twice. Bank transfer and PayPal are paid by
 * an operator outside the app, and approving records it. This runs inside the approval's
 * transaction: a refused transfer rolls the approval back and the request stays pending.
 */
export function createPayoutSender(app: Pick<FastifyInstance, 'payments'>) {
  return async function sendPayout(tx: Executor, payout: PayoutToSend, tokenConversionRate: number): Promise<SentPayout> {
    const gateway = app.payments.gateway;
    if (payout.method !== gateway.name) return { transferId: null, channel: 'manual' };
    const account = await payoutAccountsRepository.find(tx, payout.performerId, gateway.name);
    if (!account || account.status !== 'enabled') throw conflict('The creator\'s payout account cannot receive transfers yet');
    const usdCents = Math.floor(payout.amountCents / tokenConversionRate);
    if (usdCents < 1) throw conflict('This payout is too small to transfer');
    const { transferId } = await gateway.transfer({
      accountId: account.accountId, amountCents: usdCents, description: `Payout ${payout.requestId}`, idempotencyKey: `payout:${payout.requestId}`,
    });
    return { transferId, channel: 'gateway' };
  };
}
