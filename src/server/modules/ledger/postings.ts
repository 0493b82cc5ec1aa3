import { commissionOf } from '../../../common/lib/money';
import type { LedgerTransactionKind } from '../../db/schema';
import {
  earningsOf,
  GATEWAY_CLEARING,
  PLATFORM_REVENUE,
  reserveOf,
  walletOf,
  type AccountRef,
  type Posting,
} from './ledger.repository';

/**
 * The shapes of every money movement, one function each, so that the services never assemble
 * entries by hand. Amounts are token cents.
 */

/**
 * Tokens bought with a card: the gateway brought the money, the fan's wallet has the tokens. A
 * coupon's discount (in tokens) is the platform's cost: it comes out of platform revenue, so the
 * clearing account mirrors only what the card was really charged.
 */
export const topUpPosting = (userId: string, tokensCents: number, paymentId: string, discountTokensCents = 0): Posting => ({
  kind: 'top_up',
  userId,
  objectType: 'payment',
  objectId: paymentId,
  grossCents: tokensCents,
  description: 'Wallet top-up',
  entries: [
    { account: GATEWAY_CLEARING, amountCents: -(tokensCents - discountTokensCents) },
    ...(discountTokensCents ? [{ account: PLATFORM_REVENUE, amountCents: -discountTokensCents }] : []),
    { account: walletOf(userId), amountCents: tokensCents },
  ],
});

/** A USD discount of a card payment in token cents, at the rate the payment was made at. */
export const discountInTokens = (payment: { amountCents: number; discountCents: number; tokensCents: number }): number =>
  payment.amountCents > 0 ? Math.round((payment.discountCents * payment.tokensCents) / payment.amountCents) : 0;

export type SaleKind = Extract<LedgerTransactionKind, 'tip' | 'feed' | 'video' | 'gallery' | 'product' | 'message' | 'stream' | 'subscription'>;

export interface Sale {
  kind: SaleKind;
  userId: string;
  performerId: string;
  grossCents: number;
  /** The platform's share in basis points (performer override or the `performerCommission` setting). */
  commissionBasisPoints: number;
  objectType?: string | null;
  objectId?: string | null;
  description?: string;
  message?: string | null;
  /** Where the money comes from: the fan's wallet, or the card gateway for a paid subscription. */
  source?: 'wallet' | 'gateway';
  /** Card payments only: a coupon's discount in token cents, borne by the platform (the creator earns on the full price). */
  discountCents?: number;
}

/** A sale: the fan pays the gross, the creator earns it net of commission, the platform keeps the commission. */
export function salePosting(sale: Sale): Posting {
  const commissionCents = commissionOf(sale.grossCents, sale.commissionBasisPoints);
  const from: AccountRef = sale.source === 'gateway' ? GATEWAY_CLEARING : walletOf(sale.userId);
  const discount = sale.source === 'gateway' ? sale.discountCents ?? 0 : 0;
  return {
    kind: sale.kind,
    userId: sale.userId,
    performerId: sale.performerId,
    objectType: sale.objectType ?? null,
    objectId: sale.objectId ?? null,
    grossCents: sale.grossCents,
    commissionCents,
    description: sale.description ?? '',
    message: sale.message ?? null,
    entries: [
      { account: from, amountCents: -(sale.grossCents - discount) },
      { account: earningsOf(sale.performerId), amountCents: sale.grossCents - commissionCents },
      ...(commissionCents - discount ? [{ account: PLATFORM_REVENUE, amountCents: commissionCents - discount }] : []),
    ],
  };
}

/** Undoes a transaction with the opposite entries (a refund); history is never edited. */
export function reversalPosting(
  original: { id: string; userId: string | null; performerId: string | null; objectType: string | null; objectId: string | null; grossCents: number; commissionCents: number },
  entries: { kind: AccountRef['kind']; ownerId: string | null; amountCents: number }[],
  description: string,
): Posting {
  return {
    kind: 'refund',
    userId: original.userId,
    performerId: original.performerId,
    objectType: original.objectType,
    objectId: original.objectId,
    grossCents: original.grossCents,
    commissionCents: original.commissionCents,
    description,
    reversesId: original.id,
    entries: entries.map((e) => ({ account: { kind: e.kind, ownerId: e.ownerId }, amountCents: -e.amountCents })),
  };
}

/** A payout request sets the amount aside; it cannot be spent or requested again meanwhile. */
export const payoutReservePosting = (performerId: string, amountCents: number, requestId: string): Posting => ({
  kind: 'payout_request',
  performerId,
  userId: performerId,
  objectType: 'payout_request',
  objectId: requestId,
  grossCents: amountCents,
  description: 'Payout requested',
  entries: [
    { account: earningsOf(performerId), amountCents: -amountCents },
    { account: reserveOf(performerId), amountCents },
  ],
});

/** Settles a reserved payout: paid out through the gateway (or by hand), or back to available earnings. */
export const payoutSettlePosting = (
  performerId: string,
  amountCents: number,
  requestId: string,
  outcome: 'payout_paid' | 'payout_rejected' | 'payout_cancelled',
): Posting => ({
  kind: outcome,
  performerId,
  userId: performerId,
  objectType: 'payout_request',
  objectId: requestId,
  grossCents: amountCents,
  description: outcome === 'payout_paid' ? 'Payout sent' : outcome === 'payout_rejected' ? 'Payout rejected' : 'Payout cancelled',
  entries: [
    { account: reserveOf(performerId), amountCents: -amountCents },
    { account: outcome === 'payout_paid' ? GATEWAY_CLEARING : earningsOf(performerId), amountCents },
  ],
});
