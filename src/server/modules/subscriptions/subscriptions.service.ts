import type { FastifyInstance } from 'fastify';
import type { SubscribeBody, SubscriptionItem, SubscriptionSearchQuery } from '../../../common/contract/subscriptions';
import { SUBSCRIPTION_ENDING_NOTICE_DAYS } from '../../../common/contract/notifications';
import { conflict, notFound, unprocessable } from '../../lib/http-error';
import { requireReachableCreator } from '../blocking/creator-guard';
import type { Viewer } from '../blocking/viewer';
import { toSubscriptionItem } from './subscription.dto';
import { creatorOffer, subscriptionsRepository as repo } from './subscriptions.repository';
import { requireUuid } from '../../shared/ids';
import { readPayableRule, requirePayableCreator } from '../performers/payable-creator';
import type { Executor } from '../../db/client';

const DAY_MS = 86_400_000;

type Deps = Pick<FastifyInstance, 'db' | 'settings' | 'storage' | 'config' | 'notifications'>;

/** Where a creator sees their subscribers (notification subscriber_new). */
export const SUBSCRIBERS_PAGE = '/creator/my-subscriber';
/** How many subscriptions one run of the "ends soon" notice claims per transaction. */
const ENDING_BATCH = 200;

/**
 * Subscriptions of fans to creators. Free ones start here; paid ones are charged by the payments
 * module (`subscriptions-paid.ts`), which calls back into `repo.startPaid` when the card payment
 * succeeds. Access to subscribers-only content is `status in (active, cancelled)` and
 * `expiresAt` ahead: cancelling keeps it until the period ends, the lapse job ends it.
 */
export function createSubscriptionsService(deps: Deps) {
  const ctx = { storage: deps.storage, webOrigin: deps.config.webOrigin };

  async function item(id: string): Promise<SubscriptionItem> {
    const row = await repo.findWithParties(deps.db, id);
    if (!row) throw notFound('Subscription not found');
    return toSubscriptionItem(ctx, row);
  }

  return {
    item,

    /** The free subscription: the site and the creator offer it, and the fan never had one with them. */
    async subscribeFree(viewer: Viewer & { userId: string }, body: SubscribeBody): Promise<SubscriptionItem> {
      const [enabled, days, rule] = await Promise.all([
        deps.settings.get('freeSubscriptionEnabled'), deps.settings.get('freeSubscriptionDuration'), readPayableRule(deps.settings),
      ]);
      const id = await deps.db.transaction(async (tx) => {
        const performerId = await requireReachableCreator(tx, body.performerId, viewer, 'You cannot subscribe to yourself');
        // No money moves, but subscribing is supporting the creator: refused like a paid plan while they cannot be paid.
        await requirePayableCreator(tx, performerId, rule);
        const offer = await creatorOffer(tx, performerId);
        if (!enabled || !offer?.isFreeSubscription) throw unprocessable('This creator does not offer a free subscription');
        const started = await repo.startFree(tx, viewer.userId, performerId, new Date(Date.now() + days * DAY_MS));
        if (!started) {
          const existing = await repo.findPair(tx, viewer.userId, performerId);
          if (existing && (existing.status === 'active' || existing.status === 'cancelled') && existing.expiresAt > new Date()) {
            throw conflict('You are already subscribed to this creator');
          }
          throw conflict('You already used your free subscription with this creator');
        }
        await repo.recountSubscribers(tx, performerId);
        await deps.notifications.notify(tx, { userId: performerId, kind: 'subscriber_new', actorId: viewer.userId, link: SUBSCRIBERS_PAGE });
        return started;
      });
      return item(id);
    },

    async search(query: SubscriptionSearchQuery, who: { userId: string } | { performerId: string }) {
      const { rows, total } = await repo.search(deps.db, {
        ...who,
        status: query.status,
        type: query.type,
        q: 'performerId' in who ? query.q : undefined,
        offset: query.offset ?? 0,
        limit: query.limit ?? 10,
        sort: query.sort ?? 'desc',
      });
      const now = new Date();
      return { data: rows.map((r) => toSubscriptionItem(ctx, r, now)), total };
    },

    /** The fan stops renewal; access stays until `expiresAt`. */
    async cancel(userId: string, id: string): Promise<SubscriptionItem> {
      const subscriptionId = requireUuid(id);
      await deps.db.transaction(async (tx) => {
        const row = await repo.findWithParties(tx, subscriptionId);
        if (!row || row.subscription.userId !== userId) throw notFound('Subscription not found');
        if (!(await repo.cancel(tx, subscriptionId))) throw conflict(`This subscription is already ${row.subscription.status}`);
      });
      return item(subscriptionId);
    },

    /**
     * Tells fans, once per period, that a subscription which will not renew (cancelled, or free)
     * ends within SUBSCRIPTION_ENDING_NOTICE_DAYS (notification subscription_ending, opening the
     * creator's page to subscribe again). Run by an hourly job; answers how many were told.
     */
    async notifyEnding(): Promise<number> {
      let told = 0;
      for (;;) {
        const batch = await deps.db.transaction(async (tx) => {
          const ending = await repo.claimEnding(tx, SUBSCRIPTION_ENDING_NOTICE_DAYS, ENDING_BATCH);
          for (const s of ending) {
            await deps.notifications.notify(tx, {
              userId: s.userId, kind: 'subscription_ending', actorId: s.performerId,
              link: s.creatorUsername ? `/${s.creatorUsername}` : '/user/my-subscriptions', data: { endsAt: s.expiresAt.toISOString() },
            });
          }
          return ending.length;
        });
        told += batch;
        if (batch < ENDING_BATCH) return told;
      }
    },

    /** Ends lapsed subscriptions and recounts their creators' subscribers; answers how many creators changed. */
    async expireLapsed(): Promise<number> {
      const performerIds = await repo.expireLapsed(deps.db);
      for (const performerId of performerIds) await repo.recountSubscribers(deps.db, performerId);
      return performerIds.length;
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

/** Subscriptions giving access now (the content-access rule), site-wide; read by the operators' dashboard. */
export const countActiveSubscriptions = (db: Executor): Promise<number> => repo.countWithAccess(db);

/** A creator's subscribers with access, new and lapsed since `since` (read by the creator dashboard). */
export const creatorSubscriberCounts = (db: Executor, performerId: string, since: Date) => repo.creatorCounts(db, performerId, since);
