import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, Nullable } from './common';

/** Days the dashboard's chart and its "30 d" figures cover, today (UTC) included. */
export const DASHBOARD_DAYS = 30;
/** Items in each top-content list. */
export const DASHBOARD_TOP_ITEMS = 5;

export const DASHBOARD_CONTENT_TYPES = ['feed', 'video', 'gallery', 'product'] as const;
export type DashboardContentType = (typeof DASHBOARD_CONTENT_TYPES)[number];

/** Net earnings (tokens, two decimals) and the number of sales: today, the last 7 and the last 30 UTC days. */
const Earned = Type.Object({ net: Type.Number(), count: Type.Integer({ minimum: 0 }) });

/** One piece of the creator's content in a top list; `title` is the post's text cut short for posts. */
export const DashboardContentItem = Type.Object({
  type: Type.Enum([...DASHBOARD_CONTENT_TYPES]),
  _id: Type.String(),
  title: Type.String(),
  /** Net earnings from it in the last 30 days (top by earnings) or all time likes (top by likes). */
  value: Type.Number(),
});
export type DashboardContentItem = Static<typeof DashboardContentItem>;

export const CreatorDashboardStats = Type.Object({
  /** Day boundaries are UTC midnights, like the earnings page and the operators' dashboard. */
  timeZone: Type.Literal('UTC'),
  earnings: Type.Object({ today: Earned, week: Earned, month: Earned }),
  /** The last 30 UTC days, oldest first, every day present (zero when nothing sold); net tokens. */
  series: Type.Array(Type.Object({ date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), net: Type.Number(), count: Type.Integer({ minimum: 0 }) })),
  subscribers: Type.Object({
    /** Fans with access now (free subscriptions included). */
    active: Type.Integer({ minimum: 0 }),
    /** Subscriptions started (or started again after lapsing) in the last 30 days. */
    new: Type.Integer({ minimum: 0 }),
    /** Subscriptions whose access ended in the last 30 days and was not renewed. */
    lapsed: Type.Integer({ minimum: 0 }),
  }),
  followers: Type.Object({ total: Type.Integer({ minimum: 0 }), new: Type.Integer({ minimum: 0 }) }),
  /** Views of the creator's profile by others, all time (once per viewer per hour). */
  profileViews: Type.Integer({ minimum: 0 }),
  /** Views counted on videos and galleries (the content with view counters), all time. */
  contentViews: Type.Integer({ minimum: 0 }),
  topByEarnings: Type.Array(DashboardContentItem),
  topByLikes: Type.Array(DashboardContentItem),
  /** Orders waiting to be shipped (status `processing`). */
  pendingOrders: Type.Integer({ minimum: 0 }),
  /** Tokens: what can be requested as a payout now, and what a pending payout request set aside. */
  balance: Type.Object({ available: Type.Number(), reserved: Type.Number() }),
  verification: Type.Object({
    status: Type.Enum(['not_submitted', 'pending', 'approved', 'rejected']),
    note: Nullable(Type.String()),
  }),
});
export type CreatorDashboardStats = Static<typeof CreatorDashboardStats>;

export const creatorDashboardRoutes = {
  stats: defineRoute({
    method: 'GET', url: '/performer/dashboard/stats', auth: 'required', roles: ['performer'], tags: ['creator-dashboard'],
    summary: 'My dashboard: earnings today / 7 / 30 days with a daily series, subscribers, followers, views, top content, orders, balance, verification',
    schema: { response: { 200: Envelope(CreatorDashboardStats), 401: ErrorBody, 403: ErrorBody } },
  }),
};
