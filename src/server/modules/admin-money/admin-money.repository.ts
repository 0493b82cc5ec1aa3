import { and, asc, count, desc, eq, gte, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LedgerKind, TransactionStatus } from '../../../common/contract/admin-money';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, users, type LedgerTransactionKind } from '../../db/schema';
import { readAll } from '../../db/reads';

// The contract's list of kinds and the schema's are one list written twice (the contract cannot
// import server code): each must be assignable to the other, or this stops compiling.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const kindsAgree: Same<LedgerKind, LedgerTransactionKind> = true;
void kindsAgree;

export type UserRow = typeof users.$inferSelect;
export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type AccountRow = typeof ledgerAccounts.$inferSelect;

export interface TransactionFilter {
  kind?: LedgerTransactionKind;
  userId?: string;
  performerId?: string;
  from?: Date;
  to?: Date;
  status?: TransactionStatus;
}

const payer = alias(users, 'payer');
const creator = alias(users, 'creator');
const refund = alias(ledgerTransactions, 'refund');

/**
 * "Refunded" = a refund transaction names this one; asked with EXISTS so the count needs no join.
 * Inside, the table is aliased `r`, so the unqualified outer name still means the listed row.
 */
const isRefunded = sql`exists (select 1 from ledger_transactions r where r.reverses_id = ${ledgerTransactions.id})`;

function conditions(f: TransactionFilter): SQL | undefined {
  const t = ledgerTransactions;
  return and(
    f.kind ? eq(t.kind, f.kind) : undefined,
    f.userId ? eq(t.userId, f.userId) : undefined,
    f.performerId ? eq(t.performerId, f.performerId) : undefined,
    f.from ? gte(t.createdAt, f.from) : undefined,
    f.to ? lte(t.createdAt, f.to) : undefined,
    f.status === 'refunded' ? isRefunded : f.status === 'completed' ? not(isRefunded) : undefined,
  );
}

const transactionColumns = { transaction: ledgerTransactions, payer, creator, refundId: refund.id };

const transactionQuery = (db: Executor, where: SQL | undefined) =>
  db.select(transactionColumns).from(ledgerTransactions)
    .leftJoin(payer, eq(payer.id, ledgerTransactions.userId))
    .leftJoin(creator, eq(creator.id, ledgerTransactions.performerId))
    .leftJoin(refund, eq(refund.reversesId, ledgerTransactions.id))
    .where(where)
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id));

export type TransactionWithParties = Awaited<ReturnType<typeof transactionQuery>>[number];

/** Read-only queries of the money console over the ledger (the ledger's only writer stays ledgerRepository.post). */
export const adminMoneyRepository = {
  async searchTransactions(db: Executor, filter: TransactionFilter, page: { offset: number; limit: number }) {
    const where = conditions(filter);
    const [rows, [total]] = await readAll(db,
      () => transactionQuery(db, where).offset(page.offset).limit(page.limit),
      () => db.select({ n: count() }).from(ledgerTransactions).where(where),
    );
    return { rows, total: total?.n ?? 0 };
  },

  async countTransactions(db: Executor, filter: TransactionFilter): Promise<number> {
    const [row] = await db.select({ n: count() }).from(ledgerTransactions).where(conditions(filter));
    return row?.n ?? 0;
  },

  /** Every transaction of the selection, newest first (the caller has checked the count). */
  async exportTransactions(db: Executor, filter: TransactionFilter, limit: number) {
    return transactionQuery(db, conditions(filter)).limit(limit);
  },

  async transactionWithParties(db: Executor, id: string): Promise<TransactionWithParties | null> {
    const [row] = await transactionQuery(db, eq(ledgerTransactions.id, id)).limit(1);
    return row ?? null;
  },

  /**
   * The transaction, row-locked until the caller's transaction ends: two refunds of one sale take
   * turns, and the second sees the first's refund. `no key update`, not `update`: rows that point
   * at the sale (an order being refunded by its seller re-checks its foreign key to the sale once
   * it updated the order twice) take `key share` on it, which `for update` would block: that was a
   * deadlock with the seller's refund holding the order row.
   */
  async lockTransaction(db: Executor, id: string): Promise<TransactionRow | null> {
    const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id)).for('no key update');
    return row ?? null;
  },

  /** An account by id or lower-cased username (usernames are stored lower-cased). */
  async findUser(db: Executor, ref: { id: string } | { username: string }): Promise<UserRow | null> {
    const where = 'id' in ref ? eq(users.id, ref.id) : eq(users.username, ref.username.toLowerCase());
    const [row] = await db.select().from(users).where(where).limit(1);
    return row ?? null;
  },

  /** The user's accounts (when given) and the platform's, personal ones first. */
  async accounts(db: Executor, ownerId: string | null) {
    const rows = await db.select({ account: ledgerAccounts, owner: users }).from(ledgerAccounts)
      .leftJoin(users, eq(users.id, ledgerAccounts.ownerId))
      .where(ownerId ? or(eq(ledgerAccounts.ownerId, ownerId), isNull(ledgerAccounts.ownerId)) : isNull(ledgerAccounts.ownerId))
      .orderBy(sql`${ledgerAccounts.ownerId} is null`, asc(ledgerAccounts.kind));
    return rows;
  },

  async account(db: Executor, id: string) {
    const [row] = await db.select({ account: ledgerAccounts, owner: users }).from(ledgerAccounts)
      .leftJoin(users, eq(users.id, ledgerAccounts.ownerId))
      .where(eq(ledgerAccounts.id, id));
    return row ?? null;
  },

  /**
   * A page of an account's entries, newest first, each with the balance right after it. The
   * running sum is a window over ALL the account's entries (oldest first, id breaking ties) in a
   * subquery, and only then paged, so every page agrees with the one before it.
   */
  async statement(db: Executor, accountId: string, page: { offset: number; limit: number }) {
    const running = db.select({
      id: ledgerEntries.id,
      transactionId: ledgerEntries.transactionId,
      amountCents: ledgerEntries.amountCents,
      createdAt: ledgerEntries.createdAt,
      balanceAfter: sql<number>`sum(${ledgerEntries.amountCents}) over (order by ${ledgerEntries.createdAt}, ${ledgerEntries.id} rows between unbounded preceding and current row)`
        .mapWith(Number).as('balance_after'),
    }).from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId)).as('running');
    const [rows, [total]] = await Promise.all([
      db.select({
        id: running.id,
        amountCents: running.amountCents,
        balanceAfter: running.balanceAfter,
        createdAt: running.createdAt,
        transaction: {
          id: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          description: ledgerTransactions.description,
          objectType: ledgerTransactions.objectType,
          objectId: ledgerTransactions.objectId,
          reversesId: ledgerTransactions.reversesId,
        },
      }).from(running)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, running.transactionId))
        .orderBy(desc(running.createdAt), desc(running.id))
        .offset(page.offset).limit(page.limit),
      db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId)),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
};
