import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, users } from '../../db/schema';
import type { LedgerTransactionKind } from '../../db/schema/ledger';

const payer = alias(users, 'payer');
const creator = alias(users, 'creator');
const parties = { payerUsername: payer.username, creatorUsername: creator.username };

/** Reads for a person's data export: their own accounts' entries and what they paid for. */
export const ledgerExportRepository = {
  /** Every entry on the owner's account of `kind`, oldest first, with its transaction and parties. */
  async entriesOfAccount(db: Executor, ownerId: string, kind: 'wallet' | 'earnings') {
    return db
      .select({ entry: ledgerEntries, transaction: ledgerTransactions, ...parties })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .leftJoin(payer, eq(payer.id, ledgerTransactions.userId))
      .leftJoin(creator, eq(creator.id, ledgerTransactions.performerId))
      .where(and(eq(ledgerAccounts.ownerId, ownerId), eq(ledgerAccounts.kind, kind)))
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  },

  /** Transactions of `kinds` the person paid, oldest first, with the creator paid. */
  async paidBy(db: Executor, userId: string, kinds: readonly LedgerTransactionKind[]) {
    return db
      .select({ transaction: ledgerTransactions, ...parties })
      .from(ledgerTransactions)
      .leftJoin(payer, eq(payer.id, ledgerTransactions.userId))
      .leftJoin(creator, eq(creator.id, ledgerTransactions.performerId))
      .where(and(eq(ledgerTransactions.userId, userId), inArray(ledgerTransactions.kind, [...kinds])))
      .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id));
  },
};
