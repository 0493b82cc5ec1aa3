import type { FastifyInstance } from 'fastify';
import type { SubscribeBody, SubscriptionItem } from '../../../common/contract/subscriptions';
import { amountText, fromCents } from '../../../common/lib/money';
import { badRequest, conflict, HttpError, unprocessable } from '../../lib/http-error';
import type { AuthUser } from '../auth/token.service';
import { requireReachableCreator } from '../blocking/creator-guard';
import type { Viewer } from '../blocking/viewer';
import { commissionBasisPointsIn } from '../ledger/commission.repository';
import { ledgerRepository } from '../ledger/ledger.repository';
import { discountInTokens, salePosting } from '../ledger/postings';
import type { PaymentRow } from '../payments/payments.repository';
import { creatorOffer, lastPaidCard, linkPayment, reactivate, subscriptionsRepository as repo, userRow } from './subscriptions.repository';

import { GRACE_DAYS, PERIOD_DAYS } from './subscription-periods';
import type { RecurringSubscriptions } from './subscriptions-recurring';
import { isPayableCreator, readPayableRule, requirePayableCreator } from '../performers/payable-creator';
import { SUBSCRIBERS_PAGE } from './subscriptions.service';
import type { Executor } from '../../db/client';

export { GRACE_DAYS, PERIOD_DAYS };
/** Sandbox renewals are charged this long before the period ends, so access never gaps. */
const RENEW_AHEAD_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

type Deps = Pick<FastifyInstance, 'db' | 'settings' | 'payments' | 'log' | 'notifications'>;

/**
 * Paid subscriptions: charged to a saved card through the payments module; what a confirmed
 * payment does (start or extend the period, pay the creator net of commission, recount) is the
 * confirmation handler registered here, so the sandbox's answer, a retry and (later) a webhook
 * all take the same path and apply it once.
 */
export function createPaidSubscriptions(deps: Deps, item: (id: string) => Promise<SubscriptionItem>, recurring: RecurringSubscriptions) {
  deps.payments.onConfirmed('subscription', async (tx, payment: PaymentRow) => {
    const type = payment.subscriptionType === 'yearly' ? 'yearly' : 'monthly';
    const performerId = payment.performerId!;
    // A renewal (sandbox or gateway) keeps a paid subscription going; anything else is a new subscriber.
    const before = await repo.findPair(tx, payment.userId, performerId);
    const isNew = !before || before.type === 'free' || before.status === 'expired' || before.expiresAt <= new Date();
    const subscriptionId = await repo.startPaid(tx, {
      userId: payment.userId, performerId, type, priceCents: payment.tokensCents, gateway: payment.gateway, periodDays: PERIOD_DAYS[type],
    });
    const posted = await ledgerRepository.post(tx, salePosting({
      kind: 'subscription',
      source: 'gateway',
      userId: payment.userId,
      performerId,
      grossCents: payment.tokensCents,
      discountCents: discountInTokens(payment),
      commissionBasisPoints: await commissionBasisPointsIn(tx, performerId),
      objectType: 'subscription',
      objectId: subscriptionId,
      description: payment.description,
    }));
    await linkPayment(tx, payment.id, subscriptionId);
    await repo.recountSubscribers(tx, performerId);
    if (isNew) {
      await deps.notifications.notify(tx, {
        userId: performerId, kind: 'subscriber_new', actorId: payment.userId, link: SUBSCRIBERS_PAGE, data: { amount: fromCents(payment.tokensCents) },
      });
    }
    return { ledgerTransactionId: posted.id };
  });

  async function charge(user: AuthUser, performer: { id: string; name: string }, type: 'monthly' | 'yearly', priceCents: number, body: Pick<SubscribeBody, 'cardId' | 'couponCode'>) {
    const rate = await deps.settings.get('tokenConversionRate');
    const usdCents = Math.round(priceCents / rate);
    if (usdCents < 1) throw unprocessable('This subscription price is too small to charge to a card');
    return deps.payments.payByCard(user, {
      kind: 'subscription',
      performerId: performer.id,
      subscriptionType: type,
      amountCents: usdCents,
      tokensCents: priceCents,
      description: `${type === 'monthly' ? 'Monthly' : 'Yearly'} subscription to ${performer.name}: ${amountText(priceCents)} tokens`,
    }, body);
  }

  return {
    /**
     * Monthly or yearly at the creator's current price, charged now. During a free trial the
     * paid period starts when the trial ends; a cancelled subscription still running is simply
     * switched back on; an active paid one is a 409.
     */
    async subscribe(user: AuthUser, viewer: Viewer & { userId: string }, body: SubscribeBody & { type: 'monthly' | 'yearly' }): Promise<SubscriptionItem> {
      if (!body.cardId) throw badRequest('Choose a card to pay with', [{ field: 'cardId', message: 'cardId is required for a paid subscription' }]);
      const rule = await readPayableRule(deps.settings);
      // The payable-creator check comes before the card is charged (and before a resumption, which
      // restarts renewals): a refused subscription charges nothing and writes nothing.
      const found = await deps.db.transaction(async (tx) => {
        const performerId = await requireReachableCreator(tx, body.performerId, viewer, 'You cannot subscribe to yourself');
        await requirePayableCreator(tx, performerId, rule);
        const offer = await creatorOffer(tx, performerId);
        const performer = await userRow(tx, performerId);
        const existing = await repo.findPair(tx, viewer.userId, performerId);
        return { performerId, offer: offer!, name: performer?.name ?? 'this creator', existing };
      });
      const { existing } = found;
      const running = existing && existing.expiresAt > new Date() && existing.status !== 'expired';
      if (running && existing.type !== 'free') {
        if (existing.status === 'cancelled' && existing.type === body.type) {
          await recurring.setCancelAtPeriodEnd(existing, false);
          if (await deps.db.transaction((tx) => reactivate(tx, existing.id))) return item(existing.id);
        }
        throw conflict(existing.status === 'cancelled'
          ? `You are subscribed until ${existing.expiresAt.toISOString().slice(0, 10)}; choose the same plan to resume it`
          : 'You are already subscribed to this creator');
      }
      const priceCents = body.type === 'monthly' ? found.offer.monthlyPriceCents : found.offer.yearlyPriceCents;
      const payment = await charge(user, { id: found.performerId, name: found.name }, body.type, priceCents, body);
      if (payment.status === 'failed') throw new HttpError(402, payment.failureReason || 'The payment failed');
      if (payment.status !== 'succeeded' || !payment.subscriptionId) {
        throw conflict('Your payment is still being processed; the subscription starts when it succeeds');
      }
      // The fan has paid and has access; renewals that cannot be set up now are set up by the job.
      await recurring.start(payment.subscriptionId).catch((err: unknown) => {
        deps.log.warn({ err, subscriptionId: payment.subscriptionId }, 'could not open the gateway subscription; the job will retry');
      });
      return item(payment.subscriptionId);
    },

    /**
     * Charges the sandbox renewals that are due: success extends the period (from its end), a
     * failure starts the grace period (access continues `GRACE_DAYS`, retried daily), after which
     * the lapse job ends the subscription; a creator who cannot be paid is not charged for (the
     * subscription is cancelled: access to the end of the period). Answers how many were due.
     */
    async renewDue(gateway: string, limit = 100): Promise<number> {
      const rule = await readPayableRule(deps.settings);
      const due = await repo.dueForRenewal(deps.db, gateway, RENEW_AHEAD_MS, limit);
      for (const s of due) {
        // A creator who may not be paid now (suspended, or unverified while the site requires it)
        // is not charged for: the subscription stops renewing and ends when its period does.
        if (!(await isPayableCreator(deps.db, s.performerId, rule))) {
          await deps.db.transaction((tx) => repo.cancel(tx, s.id));
          continue;
        }
        await repo.touch(deps.db, s.id);
        const [user, cardId, offer] = await Promise.all([userRow(deps.db, s.userId), lastPaidCard(deps.db, s.id), creatorOffer(deps.db, s.performerId)]);
        const creator = await userRow(deps.db, s.performerId);
        let ok = false;
        if (user && cardId && offer && creator) {
          const type = s.type === 'yearly' ? 'yearly' : 'monthly';
          // The price the fan agreed to; a creator's new price applies to new subscriptions.
          const payment = await charge(user, { id: creator.id, name: creator.name }, type, s.priceCents, { cardId }).catch((err: unknown) => {
            deps.log.warn({ err, subscriptionId: s.id }, 'subscription renewal could not be charged');
            return null;
          });
          ok = payment?.status === 'succeeded';
        }
        if (!ok && !s.graceUntil) {
          const graceUntil = new Date(Math.max(s.expiresAt.getTime(), Date.now()) + GRACE_DAYS * DAY_MS);
          await deps.db.transaction(async (tx) => {
            if (await repo.enterGrace(tx, s.id, graceUntil)) await tellRenewalFailed(deps, tx, s, graceUntil);
          });
        }
      }
      return due.length;
    },
  };
}

/** The fan hears that a renewal charge failed and until when access lasts (the grace period), in the transaction that starts it. */
export function tellRenewalFailed(
  deps: Pick<FastifyInstance, 'notifications'>,
  tx: Executor,
  s: { userId: string; performerId: string },
  graceUntil: Date,
): Promise<void> {
  return deps.notifications.notify(tx, {
    userId: s.userId, kind: 'renewal_failed', actorId: s.performerId, link: '/user/my-subscriptions', data: { endsAt: graceUntil.toISOString() },
  });
}
