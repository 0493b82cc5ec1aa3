import type { FastifyInstance } from 'fastify';
import {
  EARNING_MAX_BUCKETS, EARNING_TYPES, type Earning, type EarningPeriod, type EarningSearchQuery, type EarningStats,
  type EarningStatsQuery, type EarningTotals,
} from '../../../common/contract/earnings';
import { fromCents } from '../../../common/lib/money';
import { badRequest } from '../../lib/http-error';
import type { Executor } from '../../db/client';
import { ledgerRepository } from '../ledger/ledger.repository';
import { toUserPublic } from '../users/user-public.dto';
import { earningsRepository, type TotalsRow } from './earnings.repository';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `fromDate`/`toDate` as a half-open range: a date means the whole UTC day (so `toDate` is
 * inclusive of that day), a date-time is taken exactly (inclusive too).
 */
export function rangeOf(query: { fromDate?: string; toDate?: string }): { from?: Date; to?: Date } {
  const parse = (value: string, field: string) => {
    const d = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
    if (Number.isNaN(d.getTime())) throw badRequest(`${field} is not a valid date`, [{ field, message: 'Not a valid date' }]);
    return d;
  };
  const from = query.fromDate ? parse(query.fromDate, 'fromDate') : undefined;
  let to: Date | undefined;
  if (query.toDate) {
    const d = parse(query.toDate, 'toDate');
    to = new Date(d.getTime() + (DATE_ONLY.test(query.toDate) ? DAY_MS : 1));
  }
  if (from && to && from >= to) throw badRequest('The start date must be before the end date', [{ field: 'fromDate', message: 'Must be before toDate' }]);
  return { from, to };
}

/** Start (UTC midnight) of the bucket holding `d`: the day, the Monday of its week, the first of its month. */
function bucketStart(d: Date, period: EarningPeriod): Date {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  if (period === 'day') return day;
  if (period === 'week') return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
}

function nextBucket(d: Date, period: EarningPeriod): Date {
  if (period === 'day') return new Date(d.getTime() + DAY_MS);
  if (period === 'week') return new Date(d.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

const DEFAULT_BUCKETS: Record<EarningPeriod, number> = { day: 30, week: 12, month: 12 };

const totalsOf = (r: TotalsRow): EarningTotals => ({
  gross: fromCents(r.gross), commission: fromCents(r.commission), net: fromCents(r.gross - r.commission), count: r.count,
});
const ZERO: TotalsRow = { gross: 0, commission: 0, count: 0 };

/** A creator's sales and balances, read from the ledger (DESIGN.md section 4). */
export function createEarningsService(deps: Pick<FastifyInstance, 'db' | 'config' | 'storage'>) {
  const { db } = deps;
  const urls = { storage: deps.storage, webOrigin: deps.config.webOrigin };

  return {
    async search(performerId: string, query: EarningSearchQuery): Promise<{ data: Earning[]; total: number }> {
      const range = rangeOf(query);
      const sortBy = !query.sortBy || query.sortBy === 'updatedAt' ? 'createdAt' : query.sortBy;
      const { rows, total } = await earningsRepository.list(
        db, { performerId, type: query.type, ...range }, sortBy, query.sort ?? 'desc', { offset: query.offset ?? 0, limit: query.limit ?? 10 },
      );
      return {
        data: rows.map(({ sale, user, refunded }) => ({
          _id: sale.id,
          type: sale.kind as Earning['type'],
          gross: fromCents(sale.grossCents),
          commission: fromCents(sale.commissionCents),
          net: fromCents(sale.grossCents - sale.commissionCents),
          description: sale.description,
          createdAt: sale.createdAt.toISOString(),
          user: user ? toUserPublic(urls, user) : null,
          objectType: sale.objectType,
          objectId: sale.objectId,
          refunded: Boolean(refunded),
        })),
        total,
      };
    },

    async stats(performerId: string, query: EarningStatsQuery): Promise<EarningStats> {
      const range = rangeOf(query);
      const period = query.period ?? 'day';
      // The series needs a window: the range, or the last few periods up to its end (or now).
      const end = range.to ?? new Date();
      let first = bucketStart(range.from ?? new Date(end.getTime() - 1), period);
      if (!range.from) for (let i = 1; i < DEFAULT_BUCKETS[period]; i += 1) first = bucketStart(new Date(first.getTime() - 1), period);
      const starts: Date[] = [];
      for (let b = first; b < end; b = nextBucket(b, period)) {
        starts.push(b);
        if (starts.length > EARNING_MAX_BUCKETS[period]) {
          throw badRequest(`This range has too many ${period}s to draw: choose a shorter range or a longer period`, [{ field: 'period', message: 'Too many buckets' }]);
        }
      }
      const seriesFrom = range.from ?? first;

      // One snapshot, so totals, series and balances agree.
      return db.transaction(async (tx) => {
        const [byType, series, balances, paidOut] = [
          await earningsRepository.totalsByType(tx, { performerId, ...range }),
          await earningsRepository.series(tx, { performerId, from: seriesFrom, to: end }, period),
          await ledgerRepository.balancesOf(tx, performerId),
          await earningsRepository.paidOutCents(tx, performerId),
        ];
        const all = byType.reduce((s, r) => ({ gross: s.gross + r.gross, commission: s.commission + r.commission, count: s.count + r.count }), ZERO);
        const byStart = new Map(series.map((r) => [r.start, r]));
        const typeOrder = (type: string) => EARNING_TYPES.indexOf(type as never);
        return {
          totals: totalsOf(all),
          byType: byType.sort((a, b) => typeOrder(a.type) - typeOrder(b.type)).map((r) => ({ type: r.type, ...totalsOf(r) })),
          period,
          series: starts.map((s) => {
            const key = s.toISOString().slice(0, 10);
            return { start: key, ...totalsOf(byStart.get(key) ?? ZERO) };
          }),
          balances: { available: fromCents(balances.earnings), reserved: fromCents(balances.payout_reserve), paidOut: fromCents(paidOut) },
        };
      });
    },
  };
}

/** The creator's objects (post, video, gallery, product) that earned the most net since `from`, in cents (creator dashboard). */
export const topEarningObjects = (db: Executor, performerId: string, from: Date, limit: number) =>
  earningsRepository.topObjects(db, performerId, from, limit);
