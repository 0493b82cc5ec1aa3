import type { AdminPayment, AdminTransaction, LedgerKind } from '@/common/contract/admin-money';
import type { UserPublic } from '@/common/contract/users';
import { formatTokens, formatUsd } from '@/client/lib/format-amount';

/** How the console names a ledger transaction's kind. */
export const KIND_LABELS: Record<LedgerKind, string> = {
  top_up: 'Top-up',
  subscription: 'Subscription',
  tip: 'Tip',
  feed: 'Post',
  video: 'Video',
  gallery: 'Gallery',
  product: 'Product',
  message: 'Paid message',
  stream: 'Stream ticket',
  refund: 'Refund',
  payout_request: 'Payout requested',
  payout_paid: 'Payout sent',
  payout_rejected: 'Payout rejected',
  payout_cancelled: 'Payout cancelled',
};

export const personName = (u: Pick<UserPublic, 'name' | 'username'> | null, fallback: string) => u?.name || (u?.username ? `@${u.username}` : fallback);

/** What else a refund of each kind of sale takes back, after the money. */
const TAKEN_BACK: Partial<Record<LedgerKind, string>> = {
  tip: 'the tip is undone',
  feed: 'their access to the post ends',
  video: 'their access to the video ends',
  gallery: 'their access to the gallery ends',
  message: 'the paid message locks again for them',
  stream: 'their ticket to the live stream ends',
  product: 'the order is marked refunded, physical stock goes back on sale and a digital download is removed',
};

/**
 * What refunding a wallet sale does, in words, for the confirmation: "Aurora Lane's earnings go down
 * by 8.00 tokens, Dana's wallet goes up by 10.00 tokens, their access to the video ends."
 */
export function saleRefundConsequence(t: Pick<AdminTransaction, 'kind' | 'gross' | 'commission' | 'net' | 'user' | 'performer'>): string {
  const creator = personName(t.performer, 'The creator');
  const fan = personName(t.user, 'the fan');
  const parts = [
    `${creator}'s earnings go down by ${formatTokens(t.net ?? t.gross - t.commission)}`,
    `${fan}'s wallet goes up by ${formatTokens(t.gross)}`,
  ];
  const extra = TAKEN_BACK[t.kind];
  if (extra) parts.push(extra);
  const commission = t.commission > 0 ? ` The platform gives back its ${formatTokens(t.commission)} commission.` : '';
  return `${parts.join(', ')}.${commission}`;
}

/** What refunding a card top-up does: "Dana's card gets $20.00 back; her wallet goes down by 20.00 tokens." */
export function paymentRefundConsequence(p: Pick<AdminPayment, 'totalPrice' | 'tokens' | 'user' | 'cardLabel'>): string {
  const fan = personName(p.user, 'The fan');
  const card = p.totalPrice > 0 ? `${p.cardLabel ?? 'the card'} gets ${formatUsd(p.totalPrice)} back through the card gateway` : 'nothing goes back to a card (a coupon paid all of it)';
  return `${fan}'s wallet goes down by ${formatTokens(p.tokens)} and ${card}. If the wallet no longer holds those tokens, nothing happens.`;
}
