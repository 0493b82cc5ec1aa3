import type { Executor } from '../../db/client';
import { amountText } from '../../../common/lib/money';
import { notFound, unprocessable } from '../../lib/http-error';
import { entitlementsRepository } from '../entitlements/entitlements.repository';
import { InsufficientFunds, ledgerRepository } from '../ledger/ledger.repository';
import { reversalPosting } from '../ledger/postings';
import { privateShowsRepository, type PrivateShowRow } from './private-shows.repository';
import type { StreamRow } from './streaming.repository';

/**
 * The money of a private show. Its payment is the ticket of its private stream, sold by the
 * wallet-charges module's stream purchase (the same sale path, 402 and idempotency as any ticket);
 * these are the two steps that purchase takes for a private stream, and the refund.
 */

/**
 * Inside the ticket purchase, before any money moves: locks the show's request (the same lock
 * order as a cancel: request row, then ledger accounts, so the two cannot deadlock) and refuses a
 * show that is no longer open. Null for a public stream.
 */
export async function lockPrivateShowForTicket(tx: Executor, stream: Pick<StreamRow, 'id' | 'privateViewerId'>, buyerId: string, notFoundMessage: string) {
  if (!stream.privateViewerId) return null;
  if (stream.privateViewerId !== buyerId) throw notFound(notFoundMessage);
  const row = await privateShowsRepository.lockByStream(tx, stream.id);
  if (!row || row.status !== 'accepted') throw unprocessable('This private show is no longer open');
  return row;
}

/** After the sale, in the same transaction: the request remembers the sale it may have to reverse. */
export async function recordPrivateShowSale(tx: Executor, row: PrivateShowRow, transactionId: string): Promise<void> {
  await privateShowsRepository.update(tx, row.id, { saleTransactionId: transactionId });
}

/**
 * The ticket goes back: a reversing ledger transaction of the sale (once: the request row is
 * locked and its refund id written by the caller) and the ticket's entitlement revoked. 422 with
 * the figures when the creator's earnings no longer hold their share (paid out meanwhile).
 */
export async function refundPrivateShow(tx: Executor, row: PrivateShowRow): Promise<{ id: string; balances: Map<string, number> }> {
  const saleId = row.saleTransactionId!;
  // An operator may have refunded the sale already (the money console): that refund stands.
  const earlier = await ledgerRepository.reversalOf(tx, saleId);
  if (earlier) return { id: earlier.id, balances: new Map() };
  const entries = await ledgerRepository.entriesOf(tx, saleId);
  const commissionCents = entries.find((e) => e.kind === 'platform_revenue')?.amountCents ?? 0;
  if (row.streamId) await entitlementsRepository.revokeEntitlement(tx, { userId: row.fanId, objectType: 'stream', objectId: row.streamId });
  const original = {
    id: saleId,
    userId: row.fanId,
    performerId: row.performerId,
    objectType: 'stream',
    objectId: row.streamId,
    grossCents: row.priceCents,
    commissionCents,
  };
  try {
    return await ledgerRepository.post(tx, reversalPosting(original, entries, 'Refund of a private show that did not start'));
  } catch (err) {
    if (err instanceof InsufficientFunds && err.account.kind === 'earnings') {
      throw unprocessable(`The creator's earnings no longer cover the refund of this show (${amountText(err.missingCents)} tokens short); ask the site's support`);
    }
    throw err;
  }
}
