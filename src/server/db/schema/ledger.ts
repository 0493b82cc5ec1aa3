import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Kinds of ledger account. `wallet`, `earnings` and `payout_reserve` belong to one user and can
 * never go below zero; `platform_revenue` and `gateway_clearing` are the platform's (no owner).
 * Clearing is the mirror of money that came in or went out through the card gateway, so it runs
 * negative as fans top up; every balance summed over all accounts is zero.
 */
export const LEDGER_ACCOUNT_KINDS = ['wallet', 'earnings', 'payout_reserve', 'platform_revenue', 'gateway_clearing'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];
export const NON_NEGATIVE_ACCOUNT_KINDS = ['wallet', 'earnings', 'payout_reserve'] as const satisfies readonly LedgerAccountKind[];

/** What a ledger transaction records; wallet charges use the name of what was paid for. */
export const LEDGER_TRANSACTION_KINDS = [
  'top_up', 'subscription',
  'tip', 'feed', 'video', 'gallery', 'product', 'message', 'stream',
  'refund',
  'payout_request', 'payout_paid', 'payout_rejected', 'payout_cancelled',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

/**
 * One account of the double-entry ledger. `balance_cents` is a cache of the sum of its entries,
 * changed only in the transaction that writes them (ledger.repository.ts); the check constraint
 * is the last line of defence behind the conditional update that refuses an overdraft.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'restrict' }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_kind_owner_key').on(t.kind, t.ownerId).nullsNotDistinct(),
    check('ledger_accounts_non_negative', sql`${t.kind} not in ('wallet', 'earnings', 'payout_reserve') or ${t.balanceCents} >= 0`),
    check('ledger_accounts_owner', sql`(${t.kind} in ('platform_revenue', 'gateway_clearing')) = (${t.ownerId} is null)`),
  ],
);

/**
 * One movement of money: its entries sum to zero. Never edited; a refund or a rejected payout is
 * a new transaction (`reverses_id` names the one it undoes, at most once). Amounts are token
 * cents. `user_id` is who paid (the fan) or who asked (the creator for payouts), `performer_id`
 * the creator it concerns; `gross/commission` are what earnings and spending lists show.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: LEDGER_TRANSACTION_KINDS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'set null' }),
    objectType: text('object_type'),
    objectId: uuid('object_id'),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull().default(0),
    description: text('description').notNull().default(''),
    /** A tip's message to the creator (plain text). */
    message: text('message'),
    reversesId: uuid('reverses_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_reverses_key').on(t.reversesId),
    index('ledger_transactions_user_idx').on(t.userId, t.createdAt),
    index('ledger_transactions_performer_idx').on(t.performerId, t.createdAt),
    index('ledger_transactions_object_idx').on(t.objectType, t.objectId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id').notNull().references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id').notNull().references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt),
    check('ledger_entries_non_zero', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * `Idempotency-Key` records (DESIGN.md section 3): the first request with a key claims the row
 * (`status_code` null while it runs); later ones with the same key and body get the stored answer,
 * with another body a 409. Answers of 5xx are not stored, so a retry runs again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
