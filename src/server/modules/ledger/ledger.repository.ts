import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  NON_NEGATIVE_ACCOUNT_KINDS,
  type LedgerAccountKind,
  type LedgerTransactionKind,
} from '../../db/schema';

/** A user's account (`wallet`, `earnings`, `payout_reserve`) or one of the platform's (owner null). */
export interface AccountRef {
  kind: LedgerAccountKind;
  ownerId: string | null;
}

export const walletOf = (userId: string): AccountRef => ({ kind: 'wallet', ownerId: userId });
export const earningsOf = (performerId: string): AccountRef => ({ kind: 'earnings', ownerId: performerId });
export const reserveOf = (performerId: string): AccountRef => ({ kind: 'payout_reserve', ownerId: performerId });
export const PLATFORM_REVENUE: AccountRef = { kind: 'platform_revenue', ownerId: null };
export const GATEWAY_CLEARING: AccountRef = { kind: 'gateway_clearing', ownerId: null };

export interface Posting {
  kind: LedgerTransactionKind;
  userId?: string | null;
  performerId?: string | null;
  objectType?: string | null;
  objectId?: string | null;
  grossCents: number;
  commissionCents?: number;
  description?: string;
  message?: string | null;
  reversesId?: string | null;
  /** Positive raises the account's balance, negative lowers it; they must sum to zero. */
  entries: { account: AccountRef; amountCents: number }[];
}

/** A debit that would take a non-negative account below zero; the caller's transaction must roll back. */
export class InsufficientFunds extends Error {
  constructor(
    public readonly account: AccountRef,
    public readonly missingCents: number,
  ) {
    super(`Insufficient ${account.kind} balance: ${missingCents} cents missing`);
    this.name = 'InsufficientFunds';
  }
}

const refKey = (ref: AccountRef) => `${ref.kind}:${ref.ownerId ?? ''}`;
const ownerIs = (ownerId: string | null): SQL => (ownerId ? eq(ledgerAccounts.ownerId, ownerId) : isNull(ledgerAccounts.ownerId));
const nonNegative = new Set<string>(NON_NEGATIVE_ACCOUNT_KINDS);

/** Ids of the accounts, created on first use (the unique key makes concurrent creation safe). */
async function accountIds(tx: Executor, refs: AccountRef[]): Promise<Map<string, string>> {
  await tx.insert(ledgerAccounts).values(refs.map((r) => ({ kind: r.kind, ownerId: r.ownerId }))).onConflictDoNothing();
  const rows = await tx
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, ownerId: ledgerAccounts.ownerId })
    .from(ledgerAccounts)
    .where(or(...refs.map((r) => and(eq(ledgerAccounts.kind, r.kind), ownerIs(r.ownerId)))));
  return new Map(rows.map((r) => [refKey(r), r.id]));
}

/**
 * The only writer of the ledger. Call it inside a database transaction (`db.transaction`): it
 * moves each account's cached balance with a conditional update (a non-negative account refuses
 * to go below zero by throwing `InsufficientFunds`), in account-id order so concurrent postings
 * cannot deadlock, then records the transaction and its entries.
 */
export const ledgerRepository = {
  async post(tx: Executor, posting: Posting): Promise<{ id: string; balances: Map<string, number> }> {
    const merged = new Map<string, { account: AccountRef; amountCents: number }>();
    for (const e of posting.entries) {
      if (!Number.isSafeInteger(e.amountCents)) throw new Error(`Ledger amounts are whole cents, got ${e.amountCents}`);
      const m = merged.get(refKey(e.account));
      if (m) m.amountCents += e.amountCents;
      else merged.set(refKey(e.account), { account: e.account, amountCents: e.amountCents });
    }
    const entries = [...merged.values()].filter((e) => e.amountCents !== 0);
    if (entries.length < 2 || entries.reduce((sum, e) => sum + e.amountCents, 0) !== 0) {
      throw new Error(`A ledger transaction needs entries that sum to zero (${posting.kind})`);
    }
    const ids = await accountIds(tx, entries.map((e) => e.account));
    const ordered = entries.map((e) => ({ ...e, id: ids.get(refKey(e.account))! })).sort((a, b) => (a.id < b.id ? -1 : 1));
    const balances = new Map<string, number>();
    for (const e of ordered) {
      const guard = nonNegative.has(e.account.kind) && e.amountCents < 0 ? sql`${ledgerAccounts.balanceCents} + ${e.amountCents} >= 0` : undefined;
      const [row] = await tx
        .update(ledgerAccounts)
        .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${e.amountCents}` })
        .where(and(eq(ledgerAccounts.id, e.id), guard))
        .returning({ balance: ledgerAccounts.balanceCents });
      if (!row) {
        const [current] = await tx.select({ balance: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(eq(ledgerAccounts.id, e.id));
        throw new InsufficientFunds(e.account, -e.amountCents - (current?.balance ?? 0));
      }
      balances.set(refKey(e.account), row.balance);
    }
    const [txn] = await tx
      .insert(ledgerTransactions)
      .values({
        kind: posting.kind,
        userId: posting.userId ?? null,
        performerId: posting.performerId ?? null,
        objectType: posting.objectType ?? null,
        objectId: posting.objectId ?? null,
        grossCents: posting.grossCents,
        commissionCents: posting.commissionCents ?? 0,
        description: posting.description ?? '',
        message: posting.message ?? null,
        reversesId: posting.reversesId ?? null,
      })
      .returning({ id: ledgerTransactions.id });
    await tx.insert(ledgerEntries).values(ordered.map((e) => ({ transactionId: txn!.id, accountId: e.id, amountCents: e.amountCents })));
    return { id: txn!.id, balances };
  },

  /** Balance (cents) of one account; 0 when it was never used. */
  async balance(db: Executor, ref: AccountRef): Promise<number> {
    const [row] = await db
      .select({ balance: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, ref.kind), ownerIs(ref.ownerId)));
    return row?.balance ?? 0;
  },

  /** Balances of a user's accounts by kind (missing kinds are 0). */
  async balancesOf(db: Executor, ownerId: string): Promise<Record<'wallet' | 'earnings' | 'payout_reserve', number>> {
    const rows = await db
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerId, ownerId), inArray(ledgerAccounts.kind, ['wallet', 'earnings', 'payout_reserve'])));
    const out = { wallet: 0, earnings: 0, payout_reserve: 0 };
    for (const r of rows) out[r.kind as keyof typeof out] = r.balance;
    return out;
  },

  /** The transaction, if any, that already reverses `id` (a refund is made once). */
  async reversalOf(db: Executor, id: string) {
    const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reversesId, id));
    return row ?? null;
  },

  async entriesOf(db: Executor, transactionId: string) {
    return db
      .select({ kind: ledgerAccounts.kind, ownerId: ledgerAccounts.ownerId, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.transactionId, transactionId));
  },
};

export { refKey as accountKey };
