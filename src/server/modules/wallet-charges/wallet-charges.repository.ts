import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChargeType, ChargeView } from '../../../common/contract/wallet-charges';
import type { Executor } from '../../db/client';
import { ledgerTransactions, users } from '../../db/schema';

export interface ChargeFilters {
  /** Whose charges: the payer's (`spending`) or the creator's (`sales`). */
  view: ChargeView;
  ownerId: string;
  types: readonly ChargeType[];
  performerId?: string;
  from?: Date;
  to?: Date;
}

export interface ChargePage {
  offset: number;
  limit: number;
  sortBy: 'createdAt' | 'amount';
  sort: 'asc' | 'desc';
}

const payer = alias(users, 'payer');
const creator = alias(users, 'creator');
const refund = alias(ledgerTransactions, 'refund');

function conditions(f: ChargeFilters): SQL {
  const t = ledgerTransactions;
  return and(
    f.view === 'spending' ? eq(t.userId, f.ownerId) : eq(t.performerId, f.ownerId),
    inArray(t.kind, [...f.types]),
    f.performerId ? eq(t.performerId, f.performerId) : undefined,
    f.from ? gte(t.createdAt, f.from) : undefined,
    f.to ? lte(t.createdAt, f.to) : undefined,
  )!;
}

/** Reads of wallet charges: sale transactions of the ledger, with both parties and whether a refund reversed them. */
export const walletChargesRepository = {
  async search(db: Executor, filters: ChargeFilters, page: ChargePage) {
    const where = conditions(filters);
    const order = page.sort === 'asc' ? asc : desc;
    const key = page.sortBy === 'amount' ? ledgerTransactions.grossCents : ledgerTransactions.createdAt;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          charge: ledgerTransactions,
          payer,
          creator,
          refunded: sql<boolean>`${refund.id} is not null`.mapWith(Boolean),
        })
        .from(ledgerTransactions)
        .leftJoin(payer, eq(payer.id, ledgerTransactions.userId))
        .leftJoin(creator, eq(creator.id, ledgerTransactions.performerId))
        .leftJoin(refund, eq(refund.reversesId, ledgerTransactions.id))
        .where(where)
        .orderBy(order(key), order(ledgerTransactions.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ n: count() }).from(ledgerTransactions).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
};
