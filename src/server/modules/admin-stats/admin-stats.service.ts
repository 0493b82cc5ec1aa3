import type { FastifyInstance } from 'fastify';
import type { AdminQueues, AdminStats, LedgerCheckRun } from '../../../common/contract/admin-stats';
import { fromCents } from '../../../common/lib/money';
import type { AuditActor } from '../audit/audit.service';
import { checkLedger } from '../ledger/ledger-check.repository';
import { countActiveSubscriptions } from '../subscriptions/subscriptions.service';
import { adminStatsRepository as repo, type LedgerCheckRunRow } from './admin-stats.repository';

const DAY_MS = 86_400_000;
/** Days of the sales chart, and of the "30 d" sign-up figure (today included). */
export const SALES_DAYS = 30;
/** A failed media file counts as waiting for this long (older failures are history, not a queue). */
export const FAILED_MEDIA_WINDOW_DAYS = 30;
/**
 * At most this many breaches are stored and shown per run: a badly broken ledger could list one
 * per account, and the dashboard needs the first ones and the count, not a megabyte of JSON.
 */
export const LEDGER_PROBLEMS_KEPT = 100;

/** 00:00 UTC of the day `now` falls on, moved by `days` (negative: earlier). */
export const utcDayStart = (now: Date, days = 0): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY_MS);

const toRun = (row: LedgerCheckRunRow): LedgerCheckRun => ({
  ok: row.ok,
  problems: row.problems,
  durationMs: row.durationMs,
  checkedAt: row.createdAt.toISOString(),
  checkedBy: row.ranByUsername,
});

/** Keeps the first breaches and says how many more there were. */
export function keptProblems(breaches: string[]): string[] {
  if (breaches.length <= LEDGER_PROBLEMS_KEPT) return breaches;
  return [...breaches.slice(0, LEDGER_PROBLEMS_KEPT), `... and ${breaches.length - LEDGER_PROBLEMS_KEPT} more`];
}

/**
 * The operators' dashboard (issue 13): sign-ups, subscriptions with access now, 30 days of sales
 * and platform revenue, the queues, and the ledger check run on demand.
 */
export function createAdminStatsService(app: Pick<FastifyInstance, 'db' | 'audit'>) {
  const queues = (now = new Date()): Promise<AdminQueues> =>
    repo.queues(app.db, new Date(now.getTime() - FAILED_MEDIA_WINDOW_DAYS * DAY_MS));

  return {
    queues: () => queues(),

    async stats(): Promise<AdminStats> {
      const now = new Date();
      const today = utcDayStart(now);
      const month = utcDayStart(now, -(SALES_DAYS - 1));
      // Sequential on purpose: PGlite has one connection, so parallel reads would only queue.
      const signups = await repo.signups(app.db, { today, week: utcDayStart(now, -6), month });
      const activeSubscriptions = await countActiveSubscriptions(app.db);
      const sales = await repo.salesByDay(app.db, month, SALES_DAYS);
      const waiting = await queues(now);
      const last = await repo.lastLedgerCheck(app.db);
      const countsOf = (role: 'user' | 'performer') => {
        const row = signups.find((r) => r.role === role);
        return { today: row?.today ?? 0, week: row?.week ?? 0, month: row?.month ?? 0 };
      };
      return {
        signups: { fans: countsOf('user'), creators: countsOf('performer') },
        activeSubscriptions,
        sales: sales.map((d) => ({ date: d.date, grossSales: fromCents(d.grossCents), platformRevenue: fromCents(d.commissionCents) })),
        queues: waiting,
        ledgerCheck: last ? toRun(last) : null,
      };
    },

    /** The last check's result, kept by `runLedgerCheck` (null before the first): the dashboard's and /metrics'. */
    async lastLedgerCheck(): Promise<LedgerCheckRun | null> {
      const last = await repo.lastLedgerCheck(app.db);
      return last ? toRun(last) : null;
    },

    /**
     * Runs every invariant of `npm run ledger:check` (the same function), then keeps the result and
     * its audit row in one transaction. The check itself reads outside that transaction: on PGlite a
     * transaction holds the only connection, and each invariant is one statement, so a posting
     * committed between two of them cannot produce a false breach.
     */
    async runLedgerCheck(actor: AuditActor): Promise<LedgerCheckRun> {
      const started = performance.now();
      const result = await checkLedger(app.db);
      const durationMs = Math.round(performance.now() - started);
      const problems = keptProblems(result.breaches);
      const row = await app.db.transaction(async (tx) => {
        const run = await repo.insertLedgerCheck(tx, { ok: result.ok, problems, durationMs, ranBy: actor.id });
        await app.audit.record(tx, actor, {
          action: 'ledger.check',
          targetType: 'ledger',
          targetId: run.id,
          after: { ok: result.ok, breaches: result.breaches.length, transactions: result.transactions, accounts: result.accounts },
        });
        return run;
      });
      return toRun({ ...row, ranByUsername: actor.username });
    },
  };
}

export type AdminStatsService = ReturnType<typeof createAdminStatsService>;
