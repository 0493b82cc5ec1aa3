import type { FastifyInstance } from 'fastify';
import {
  DASHBOARD_CONTENT_TYPES, DASHBOARD_DAYS, DASHBOARD_TOP_ITEMS, type CreatorDashboardStats, type DashboardContentType,
} from '../../../common/contract/creator-dashboard';
import { fromCents, toCents } from '../../../common/lib/money';
import { creatorContentStats } from '../content/creator-content-stats.service';
import { createEarningsService, topEarningObjects } from '../earnings/earnings.service';
import { creatorFollowerCounts } from '../follows/follows.service';
import { countPendingOrders } from '../orders/orders.service';
import { profileViewsOf, verificationOf } from '../performers/performers.service';
import { creatorSubscriberCounts } from '../subscriptions/subscriptions.service';

const DAY_MS = 86_400_000;

/** 00:00 UTC of the day `now` falls on, moved by `days` (negative: earlier). */
const utcDayStart = (now: Date, days = 0): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY_MS);

const isContentType = (type: string): type is DashboardContentType => (DASHBOARD_CONTENT_TYPES as readonly string[]).includes(type);

/**
 * The creator's dashboard: every figure is read from its own module (earnings from the ledger,
 * subscribers, followers, orders, content counters, verification). Days are UTC days, the same
 * as the earnings page's series and the operators' dashboard: "today" starts at 00:00 UTC, "7 d"
 * and "30 d" are the last 7 / 30 UTC days with today included.
 */
export function createCreatorDashboardService(app: Pick<FastifyInstance, 'db' | 'config' | 'storage'>) {
  const earnings = createEarningsService(app);
  const { db } = app;

  return {
    async stats(performerId: string, now = new Date()): Promise<CreatorDashboardStats> {
      const monthStart = utcDayStart(now, -(DASHBOARD_DAYS - 1));
      // The earnings service's default day series is these 30 UTC days, with the balances.
      const money = await earnings.stats(performerId, { period: 'day' });
      const series = money.series.slice(-DASHBOARD_DAYS).map((d) => ({ date: d.start, net: d.net, count: d.count }));
      // Sums in cents: adding two-decimal numbers as floats drifts.
      const sumOf = (days: typeof series) => ({
        net: fromCents(days.reduce((s, d) => s + toCents(d.net), 0)),
        count: days.reduce((s, d) => s + d.count, 0),
      });

      // Sequential on purpose: PGlite has one connection, so parallel reads would only queue.
      const subscribers = await creatorSubscriberCounts(db, performerId, monthStart);
      const followers = await creatorFollowerCounts(db, performerId, monthStart);
      const profileViews = await profileViewsOf(db, performerId);
      const contentViews = await creatorContentStats.totalViews(db, performerId);
      const earners = (await topEarningObjects(db, performerId, monthStart, DASHBOARD_TOP_ITEMS))
        .filter((r): r is typeof r & { objectType: DashboardContentType } => isContentType(r.objectType));
      const titles = await creatorContentStats.titles(db, performerId, earners.map((r) => ({ type: r.objectType, id: r.objectId })));
      const liked = await creatorContentStats.topLiked(db, performerId, DASHBOARD_TOP_ITEMS);
      const pendingOrders = await countPendingOrders(db, performerId);
      const verification = await verificationOf(db, performerId);

      return {
        timeZone: 'UTC',
        earnings: { today: sumOf(series.slice(-1)), week: sumOf(series.slice(-7)), month: sumOf(series) },
        series,
        subscribers,
        followers,
        profileViews,
        contentViews,
        // An item deleted since its sale keeps its earnings under a plain name.
        topByEarnings: earners.map((r) => ({
          type: r.objectType, _id: r.objectId, title: titles.get(`${r.objectType}:${r.objectId}`) ?? 'Deleted item', value: fromCents(r.netCents),
        })),
        topByLikes: liked.map((r) => ({ type: r.type, _id: r.id, title: r.title, value: r.likes })),
        pendingOrders,
        balance: { available: money.balances.available, reserved: money.balances.reserved },
        verification,
      };
    },
  };
}
