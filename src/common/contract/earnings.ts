import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, ListEnvelope, Paging } from './common';
import { UserPublic } from './users';

/** Ledger kinds that are a creator's sales (what earnings lists show). */
export const EARNING_TYPES = ['tip', 'feed', 'video', 'gallery', 'product', 'message', 'stream', 'subscription'] as const;
export type EarningType = (typeof EARNING_TYPES)[number];

export const EARNING_TYPE_LABELS: Record<EarningType, string> = {
  tip: 'Tip', feed: 'Post', video: 'Video', gallery: 'Gallery', product: 'Product', message: 'Message', stream: 'Live stream', subscription: 'Subscription',
};

export const EARNING_PERIODS = ['day', 'week', 'month'] as const;
export type EarningPeriod = (typeof EARNING_PERIODS)[number];
/** Most buckets one stats answer draws; a longer range is a 400 asking for a coarser period. */
export const EARNING_MAX_BUCKETS: Record<EarningPeriod, number> = { day: 366, week: 260, month: 120 };

/** A date (`2026-11-23`, the whole UTC day) or an exact instant (ISO date-time). */
const DateBound = Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })]);

/**
 * One sale. Amounts are tokens with two decimals; `net = gross - commission` is what the creator
 * earned. A refunded sale stays in the list with `refunded: true` and counts zero in the stats.
 */
export const Earning = Type.Object({
  _id: Type.String(),
  type: Type.Enum([...EARNING_TYPES]),
  gross: Type.Number(),
  commission: Type.Number(),
  net: Type.Number(),
  description: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  /** The fan who paid; null when the account is gone. */
  user: Type.Union([UserPublic, Type.Null()]),
  objectType: Type.Union([Type.String(), Type.Null()]),
  objectId: Type.Union([Type.String(), Type.Null()]),
  refunded: Type.Boolean(),
});
export type Earning = Static<typeof Earning>;

export const EARNING_SORTS = ['updatedAt', 'createdAt', 'gross', 'net'] as const;

export const EarningSearchQuery = Type.Object(
  {
    ...Paging(10),
    /** `updatedAt` (the list default of every page) means `createdAt`: sales are never edited. */
    sortBy: Type.Optional(Type.Enum([...EARNING_SORTS], { default: 'createdAt' })),
    sort: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
    type: Type.Optional(Type.Enum([...EARNING_TYPES])),
    fromDate: Type.Optional(DateBound),
    toDate: Type.Optional(DateBound),
  },
  { additionalProperties: false },
);
export type EarningSearchQuery = Static<typeof EarningSearchQuery>;

export const EarningStatsQuery = Type.Object(
  {
    fromDate: Type.Optional(DateBound),
    toDate: Type.Optional(DateBound),
    /** Bucket size of `series`; without `fromDate` the series covers the last 30 days / 12 weeks / 12 months. */
    period: Type.Optional(Type.Enum([...EARNING_PERIODS], { default: 'day' })),
  },
  { additionalProperties: false },
);
export type EarningStatsQuery = Static<typeof EarningStatsQuery>;

const Totals = Type.Object({ gross: Type.Number(), commission: Type.Number(), net: Type.Number(), count: Type.Integer({ minimum: 0 }) });
export type EarningTotals = Static<typeof Totals>;

export const EarningStats = Type.Object({
  /** Sales in the range (all time without dates), refunded ones left out. */
  totals: Totals,
  byType: Type.Array(Type.Object({ type: Type.Enum([...EARNING_TYPES]), ...Totals.properties })),
  period: Type.Enum([...EARNING_PERIODS]),
  /** One bucket per day/week (Monday)/month (UTC), empty ones included, oldest first. */
  series: Type.Array(Type.Object({ start: Type.String({ format: 'date' }), ...Totals.properties })),
  /** Balances now, whatever the range: earnings that can be requested, set aside by a pending payout, and paid out in total. */
  balances: Type.Object({ available: Type.Number(), reserved: Type.Number(), paidOut: Type.Number() }),
});
export type EarningStats = Static<typeof EarningStats>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const creator = { auth: 'required', roles: ['performer'], tags: ['earnings'] } as const;

export const earningRoutes = {
  search: defineRoute({
    ...creator, method: 'GET', url: '/performer/earning/search', summary: 'My sales, newest first, with type and date filters',
    schema: { querystring: EarningSearchQuery, response: { 200: ListEnvelope(Earning), ...errors } },
  }),
  stats: defineRoute({
    ...creator, method: 'GET', url: '/performer/earning/stats', summary: 'My earnings totals, per type, per period, and my balances',
    schema: { querystring: EarningStatsQuery, response: { 200: Envelope(EarningStats), ...errors } },
  }),
};
