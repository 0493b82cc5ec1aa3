import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, Nullable } from './common';

/** Work waiting for operators: the console's sidebar badges and the dashboard's queue cards. */
export const AdminQueues = Type.Object({
  pendingVerifications: Type.Integer({ minimum: 0 }),
  openReports: Type.Integer({ minimum: 0 }),
  pendingPayouts: Type.Integer({ minimum: 0 }),
  newContactMessages: Type.Integer({ minimum: 0 }),
  failedMediaJobs: Type.Integer({ minimum: 0 }),
});
export type AdminQueues = Static<typeof AdminQueues>;

const Counts = Type.Object({ today: Type.Integer({ minimum: 0 }), week: Type.Integer({ minimum: 0 }), month: Type.Integer({ minimum: 0 }) });

/** One day of sales (UTC): what fans paid for sales and subscriptions, and the platform's share, in tokens. */
export const SalesDay = Type.Object({
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  grossSales: Type.Number(),
  platformRevenue: Type.Number(),
});
export type SalesDay = Static<typeof SalesDay>;

/** The last ledger check an operator ran (`npm run ledger:check` does the same from a shell). */
export const LedgerCheckRun = Type.Object({
  ok: Type.Boolean(),
  problems: Type.Array(Type.String()),
  durationMs: Type.Integer({ minimum: 0 }),
  checkedAt: DateTime,
  checkedBy: Nullable(Type.String()),
});
export type LedgerCheckRun = Static<typeof LedgerCheckRun>;

export const AdminStats = Type.Object({
  /** Sign-ups today (UTC), in the last 7 and the last 30 days. */
  signups: Type.Object({ fans: Counts, creators: Counts }),
  /** Fans with access now through a subscription (free ones included). */
  activeSubscriptions: Type.Integer({ minimum: 0 }),
  /** The last 30 days, oldest first, every day present (zero when nothing sold). */
  sales: Type.Array(SalesDay),
  queues: AdminQueues,
  ledgerCheck: Nullable(LedgerCheckRun),
});
export type AdminStats = Static<typeof AdminStats>;

const errors = { 401: ErrorBody, 403: ErrorBody };
const admin = { auth: 'required', roles: ['admin'], tags: ['admin'] } as const;

export const adminStatsRoutes = {
  stats: defineRoute({
    ...admin, method: 'GET', url: '/admin/stats', summary: 'The dashboard: sign-ups, subscriptions, 30 days of sales and revenue, queues, ledger health',
    schema: { response: { 200: Envelope(AdminStats), ...errors } },
  }),
  queues: defineRoute({
    ...admin, method: 'GET', url: '/admin/stats/queues', summary: 'What waits for operators (the console sidebar polls it)',
    schema: { response: { 200: Envelope(AdminQueues), ...errors } },
  }),
  ledgerCheck: defineRoute({
    ...admin, method: 'POST', url: '/admin/ledger-check', summary: 'Run the ledger check now (every invariant of npm run ledger:check) and keep its result',
    schema: { response: { 200: Envelope(LedgerCheckRun), ...errors } },
  }),
};
