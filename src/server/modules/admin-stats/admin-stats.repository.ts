import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ledgerCheckRuns, users } from '../../db/schema';
import { EARNING_TYPES } from '../../../common/contract/earnings';


/** The sale kinds of the ledger (wallet sales and card-paid subscriptions), as an SQL list. */
const SALE_KINDS = sql.join(EARNING_TYPES.map((k) => sql`${k}`), sql`, `);

export interface SignupCounts {
  role: 'user' | 'performer';
  today: number;
  week: number;
  month: number;
}

export interface SalesDayRow {
  date: string;
  grossCents: number;
  commissionCents: number;
}

export interface QueueCounts {
  pendingVerifications: number;
  openReports: number;
  pendingPayouts: number;
  newContactMessages: number;
  failedMediaJobs: number;
}

export type LedgerCheckRunRow = typeof ledgerCheckRuns.$inferSelect & { ranByUsername: string | null };

/**
 * Read-only figures for the operators' dashboard. Each figure is one aggregate query over the
 * whole window (never a query per day); what a figure means by another module's rules (access
 * now, the ledger check) is asked of that module instead.
 */
export const adminStatsRepository = {
  /** Fans and creators who signed up since each start (inclusive), in one pass over the last 30 days. */
  async signups(db: Executor, since: { today: Date; week: Date; month: Date }): Promise<SignupCounts[]> {
    const rows = rowsOf(await db.execute(sql`
      select role,
        count(*) filter (where created_at >= ${since.today.toISOString()}::timestamptz)::int as today,
        count(*) filter (where created_at >= ${since.week.toISOString()}::timestamptz)::int as week,
        count(*)::int as month
      from ${users}
      where role in ('user', 'performer') and created_at >= ${since.month.toISOString()}::timestamptz
      group by role`));
    return rows.map((r) => ({ role: r.role as SignupCounts['role'], today: Number(r.today), week: Number(r.week), month: Number(r.month) }));
  },

  /**
   * Gross sales and the platform's commission per UTC day from `from` (a UTC midnight) through
   * `days` days, every day present. A sale counts on the day it was made; the refund of a sale
   * (a `refund` transaction reversing a sale kind) subtracts what it reverses on the day of the
   * refund, so a past day's figure never changes afterwards. Refunds of top-ups are not sales.
   */
  async salesByDay(db: Executor, from: Date, days: number): Promise<SalesDayRow[]> {
    const rows = rowsOf(await db.execute(sql`
      with moves as (
        select (t.created_at at time zone 'UTC')::date as day,
          case when t.kind = 'refund' then -t.gross_cents else t.gross_cents end as gross,
          case when t.kind = 'refund' then -t.commission_cents else t.commission_cents end as commission
        from ledger_transactions t
        left join ledger_transactions reversed on reversed.id = t.reverses_id
        where t.created_at >= ${from.toISOString()}::timestamptz
          and (t.kind in (${SALE_KINDS}) or (t.kind = 'refund' and reversed.kind in (${SALE_KINDS})))
      )
      select to_char(d.day, 'YYYY-MM-DD') as date,
        coalesce(sum(m.gross), 0)::text as gross, coalesce(sum(m.commission), 0)::text as commission
      from generate_series(${from.toISOString()}::timestamptz at time zone 'UTC', (${from.toISOString()}::timestamptz at time zone 'UTC') + make_interval(days => ${days - 1}), interval '1 day') as d(day)
      left join moves m on m.day = d.day::date
      group by d.day
      order by d.day`));
    return rows.map((r) => ({ date: String(r.date), grossCents: Number(r.gross), commissionCents: Number(r.commission) }));
  },

  /** What waits for operators, one statement. Failed media: files whose processing failed since `failedSince`. */
  async queues(db: Executor, failedSince: Date): Promise<QueueCounts> {
    const [row] = rowsOf(await db.execute(sql`
      select
        (select count(*)::int from performers where verification_status = 'pending') as "pendingVerifications",
        (select count(*)::int from reports where status = 'open') as "openReports",
        (select count(*)::int from payout_requests where status = 'pending') as "pendingPayouts",
        (select count(*)::int from contact_messages where status = 'new') as "newContactMessages",
        (select count(*)::int from media_files where status = 'failed' and updated_at >= ${failedSince.toISOString()}::timestamptz) as "failedMediaJobs"`));
    return {
      pendingVerifications: Number(row?.pendingVerifications ?? 0),
      openReports: Number(row?.openReports ?? 0),
      pendingPayouts: Number(row?.pendingPayouts ?? 0),
      newContactMessages: Number(row?.newContactMessages ?? 0),
      failedMediaJobs: Number(row?.failedMediaJobs ?? 0),
    };
  },

  async lastLedgerCheck(db: Executor): Promise<LedgerCheckRunRow | null> {
    const [row] = await db
      .select({ run: ledgerCheckRuns, ranByUsername: users.username })
      .from(ledgerCheckRuns)
      .leftJoin(users, eq(users.id, ledgerCheckRuns.ranBy))
      .orderBy(desc(ledgerCheckRuns.createdAt), desc(ledgerCheckRuns.id))
      .limit(1);
    return row ? { ...row.run, ranByUsername: row.ranByUsername } : null;
  },

  async insertLedgerCheck(tx: Executor, run: { ok: boolean; problems: string[]; durationMs: number; ranBy: string }) {
    const [row] = await tx.insert(ledgerCheckRuns).values(run).returning();
    return row;
  },
};
