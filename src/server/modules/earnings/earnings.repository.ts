import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerTransactions, users } from '../../db/schema';
import { EARNING_TYPES, type EarningPeriod, type EarningType } from '../../../common/contract/earnings';

export type UserRow = typeof users.$inferSelect;
export type SaleRow = typeof ledgerTransactions.$inferSelect;

export interface EarningFilter {
  performerId: string;
  type?: EarningType;
  /** Inclusive start, exclusive end. */
  from?: Date;
  to?: Date;
}

export interface TotalsRow {
  gross: number;
  commission: number;
  count: number;
}

const t = ledgerTransactions;

// A refund is a `refund` transaction whose reverses_id names the sale (unique: at most one).
const refundOfSale = sql`(select 1 from ledger_transactions r where r.reverses_id = ${t.id})`;
const notRefunded = sql`not exists ${refundOfSale}`;

function whereOf(f: EarningFilter): SQL {
  return and(
    eq(t.performerId, f.performerId),
    f.type ? eq(t.kind, f.type) : inArray(t.kind, [...EARNING_TYPES]),
    f.from ? gte(t.createdAt, f.from) : undefined,
    f.to ? lt(t.createdAt, f.to) : undefined,
  )!;
}

const sums = {
  gross: sql<string>`coalesce(sum(${t.grossCents}), 0)::text`,
  commission: sql<string>`coalesce(sum(${t.commissionCents}), 0)::text`,
  count: sql<number>`count(*)::int`,
};
const toTotals = (r: { gross: string; commission: string; count: number }): TotalsRow => ({
  gross: Number(r.gross), commission: Number(r.commission), count: Number(r.count),
});

export const EARNING_SORT_COLUMNS = {
  createdAt: t.createdAt,
  gross: t.grossCents,
  net: sql`${t.grossCents} - ${t.commissionCents}`,
} as const;

/** Reads of a creator's sales from the ledger (the source of truth); nothing here writes. */
export const earningsRepository = {
  async list(db: Executor, f: EarningFilter, sortBy: keyof typeof EARNING_SORT_COLUMNS, sort: 'asc' | 'desc', page: { offset: number; limit: number }) {
    const dir = sort === 'asc' ? asc : desc;
    const where = whereOf(f);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          sale: t,
          user: users,
          refunded: sql<boolean>`exists ${refundOfSale}`,
        })
        .from(t)
        .leftJoin(users, eq(users.id, t.userId))
        .where(where)
        .orderBy(dir(EARNING_SORT_COLUMNS[sortBy]), dir(t.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ total: count() }).from(t).where(where),
    ]);
    return { rows: rows as { sale: SaleRow; user: UserRow | null; refunded: boolean }[], total: Number(total) };
  },

  /** Totals per sale type, refunded sales left out. */
  async totalsByType(db: Executor, f: EarningFilter): Promise<(TotalsRow & { type: EarningType })[]> {
    const rows = await db.select({ type: t.kind, ...sums }).from(t).where(and(whereOf(f), notRefunded)).groupBy(t.kind);
    return rows.map((r) => ({ type: r.type as EarningType, ...toTotals(r) }));
  },

  /** Totals per UTC day/week/month (bucket start as YYYY-MM-DD), refunded sales left out. */
  async series(db: Executor, f: EarningFilter, period: EarningPeriod): Promise<(TotalsRow & { start: string })[]> {
    // The period is one of three literals checked by the schema; inlined so select and group by are the same expression.
    const bucket = sql<string>`to_char(date_trunc(${sql.raw(`'${period}'`)}, ${t.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
    const rows = await db.select({ start: bucket, ...sums }).from(t).where(and(whereOf(f), notRefunded)).groupBy(bucket);
    return rows.map((r) => ({ start: r.start, ...toTotals(r) }));
  },

  /** Everything ever paid out to the creator (cents). */
  async paidOutCents(db: Executor, performerId: string): Promise<number> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${t.grossCents}), 0)::text` })
      .from(t)
      .where(and(eq(t.performerId, performerId), eq(t.kind, 'payout_paid')));
    return Number(row?.total ?? 0);
  },

  /**
   * The creator's content that earned the most (net, refunded sales left out) from `from` on:
   * sales of one object (a post, video, gallery or product; tips and subscriptions name none).
   */
  async topObjects(db: Executor, performerId: string, from: Date, limit: number) {
    const net = sql<string>`coalesce(sum(${t.grossCents} - ${t.commissionCents}), 0)`;
    const rows = await db
      .select({ objectType: t.objectType, objectId: t.objectId, net: sql<string>`${net}::text`, count: sql<number>`count(*)::int` })
      .from(t)
      .where(and(
        eq(t.performerId, performerId),
        inArray(t.kind, ['feed', 'video', 'gallery', 'product']),
        gte(t.createdAt, from),
        sql`${t.objectId} is not null`,
        notRefunded,
      ))
      .groupBy(t.objectType, t.objectId)
      .orderBy(desc(net), t.objectId)
      .limit(limit);
    return rows.map((r) => ({ objectType: r.objectType!, objectId: r.objectId!, netCents: Number(r.net), count: Number(r.count) }));
  },
};
