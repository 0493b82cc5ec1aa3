import type { Executor } from '../../db/client';
import { WALLET_SALE_KINDS } from '../../../common/contract/admin-money';
import { ledgerExportRepository as repo } from './ledger-export.repository';
import { ledgerRepository } from './ledger.repository';

export interface ExportedEntry {
  transactionId: string;
  createdAt: Date;
  kind: string;
  description: string;
  /** Signed, in token cents: + into the account, − out of it. */
  amountCents: number;
  balanceAfterCents: number;
  payerUsername: string | null;
  creatorUsername: string | null;
  objectType: string | null;
  objectId: string | null;
}

export interface ExportedPurchase {
  transactionId: string;
  createdAt: Date;
  kind: string;
  description: string;
  grossCents: number;
  creatorId: string | null;
  creatorUsername: string | null;
  objectType: string | null;
  objectId: string | null;
  message: string | null;
}

async function entries(db: Executor, ownerId: string, kind: 'wallet' | 'earnings'): Promise<ExportedEntry[]> {
  let balance = 0;
  return (await repo.entriesOfAccount(db, ownerId, kind)).map((r) => {
    balance += r.entry.amountCents;
    return {
      transactionId: r.transaction.id,
      createdAt: r.entry.createdAt,
      kind: r.transaction.kind,
      description: r.transaction.description,
      amountCents: r.entry.amountCents,
      balanceAfterCents: balance,
      payerUsername: r.payerUsername,
      creatorUsername: r.creatorUsername,
      objectType: r.transaction.objectType,
      objectId: r.transaction.objectId,
    };
  });
}

/** A person's money as the ledger records it, for their data export and the deletion check. */
export const ledgerExport = {
  /** Every movement of the fan wallet with the balance after it. */
  wallet: (db: Executor, userId: string) => entries(db, userId, 'wallet'),
  /** Every movement of a creator's earnings (sales in, refunds and payout requests out). */
  earnings: (db: Executor, userId: string) => entries(db, userId, 'earnings'),

  /** Subscriptions, tips and wallet purchases the person paid for. */
  async purchases(db: Executor, userId: string): Promise<ExportedPurchase[]> {
    const rows = await repo.paidBy(db, userId, ['subscription', ...WALLET_SALE_KINDS]);
    return rows.map((r) => ({
      transactionId: r.transaction.id,
      createdAt: r.transaction.createdAt,
      kind: r.transaction.kind,
      description: r.transaction.description,
      grossCents: r.transaction.grossCents,
      creatorId: r.transaction.performerId,
      creatorUsername: r.creatorUsername,
      objectType: r.transaction.objectType,
      objectId: r.transaction.objectId,
      message: r.transaction.message,
    }));
  },

  /** Wallet, earnings and payout reserve balances in token cents. */
  balances: (db: Executor, userId: string) => ledgerRepository.balancesOf(db, userId),
};
