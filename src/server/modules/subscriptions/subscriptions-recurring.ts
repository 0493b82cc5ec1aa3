import type { FastifyInstance } from 'fastify';
import { amountText } from '../../../common/lib/money';
import { conflict, HttpError } from '../../lib/http-error';
import type { AuthUser } from '../auth/token.service';
import type { RecurringEffect } from '../payments/webhook.service';
import { lastPaidCard, subscriptionsRepository as repo, userRow, type SubscriptionRow } from './subscriptions.repository';
import { GRACE_DAYS, PERIOD_DAYS } from './subscription-periods';
import { isUuid } from '../../shared/ids';
import { readPayableRule } from '../performers/payable-creator';
import { tellRenewalFailed } from './subscriptions-paid';

/**
 * Stripe bills renewals a day before our period ends: its renewal invoice is finalised and paid
 * about an hour after its own period ends, and access must not gap meanwhile. A cancelled
 * subscription therefore keeps that last day.
 */
export const RENEWAL_MARGIN_MS = 86_400_000;
const DAY_MS = 86_400_000;

type Deps = Pick<FastifyInstance, 'db' | 'settings' | 'payments' | 'log' | 'notifications'>;

const paidType = (s: SubscriptionRow) => (s.type === 'yearly' ? 'yearly' : 'monthly');

/**
 * Paid subscriptions on a gateway with its own recurring billing (Stripe): the first period is a
 * card payment like a top-up; then a gateway subscription renews it, and its invoice events come
 * back here through the payments module's webhook (`onRecurringEvent`). With the sandbox
 * (`gateway.recurring` null) every function here does nothing and the renewal job charges instead.
 */
export function createRecurringSubscriptions(deps: Deps) {
  const gateway = deps.payments.gateway;
  const billing = gateway.recurring;
  const ours = (s: SubscriptionRow) => billing !== null && s.gateway === gateway.name && (s.type === 'monthly' || s.type === 'yearly');

  /** Opens the gateway subscription of a paid period we charged; safe to call again (idempotency key). */
  async function start(subscriptionId: string): Promise<void> {
    const sub = await repo.find(deps.db, subscriptionId);
    if (!billing || !sub || !ours(sub) || sub.gatewaySubscriptionId || sub.status !== 'active') return;
    const [user, cardId, rate] = await Promise.all([userRow(deps.db, sub.userId), lastPaidCard(deps.db, sub.id), deps.settings.get('tokenConversionRate')]);
    if (!user || !cardId) return;
    const method = await deps.payments.cards.methodFor(user as AuthUser, { cardId });
    const firstRenewalAt = new Date(Math.max(sub.expiresAt.getTime() - RENEWAL_MARGIN_MS, Date.now() + 3_600_000));
    const { subscriptionId: gatewayId } = await billing.start({
      customerId: method.customerId,
      paymentMethodId: method.paymentMethodId,
      amountCents: Math.max(1, Math.round(sub.priceCents / rate)),
      periodDays: PERIOD_DAYS[paidType(sub)],
      firstRenewalAt,
      description: `${paidType(sub) === 'monthly' ? 'Monthly' : 'Yearly'} subscription: ${amountText(sub.priceCents)} tokens`,
      metadata: { subscriptionId: sub.id, userId: sub.userId, performerId: sub.performerId },
      idempotencyKey: `recurring:${sub.id}:${sub.startedAt.getTime()}`,
    });
    await repo.setGatewaySubscription(deps.db, sub.id, gatewayId);
  }

  /** Tells the gateway to stop (or resume) renewals before we record it, so the two never disagree. */
  async function setCancelAtPeriodEnd(sub: SubscriptionRow, cancel: boolean): Promise<void> {
    if (!billing || !ours(sub) || !sub.gatewaySubscriptionId) return;
    try {
      await billing.setCancelAtPeriodEnd(sub.gatewaySubscriptionId, cancel);
    } catch (err) {
      deps.log.warn({ err, subscriptionId: sub.id }, 'the gateway refused a renewal change');
      throw cancel
        ? new HttpError(502, 'The payment provider did not answer; try cancelling again in a moment')
        : conflict('This subscription can no longer be resumed; subscribe again when it ends');
    }
  }

  async function onEvent(effect: RecurringEffect): Promise<void> {
    const sub = await repo.findByGatewaySubscription(deps.db, gateway.name, effect.subscriptionId);
    if (!sub) return;
    if (effect.kind === 'renewal_paid') {
      await deps.payments.confirmGatewayCharge({
        kind: 'subscription', userId: sub.userId, performerId: sub.performerId, subscriptionId: sub.id,
        subscriptionType: paidType(sub), gateway: gateway.name, gatewayIntentId: effect.invoiceId, gatewaySubscriptionId: effect.subscriptionId,
        amountCents: effect.amountCents, tokensCents: sub.priceCents, cardId: await lastPaidCard(deps.db, sub.id),
        description: `${paidType(sub) === 'monthly' ? 'Monthly' : 'Yearly'} subscription renewal: ${amountText(sub.priceCents)} tokens`,
      });
    } else if (effect.kind === 'renewal_failed') {
      // A failure reported after the same invoice was paid (events out of order) changes nothing.
      // Checked under the subscription's row lock: a payment of that invoice confirmed at the same
      // moment has either committed (and is seen here) or waits, and then ends the grace itself.
      await deps.db.transaction(async (tx) => {
        const locked = await repo.lock(tx, sub.id);
        const paid = await deps.payments.findByIntent(effect.invoiceId, tx);
        if (!locked || paid?.status === 'succeeded' || locked.graceUntil) return;
        const graceUntil = new Date(Math.max(locked.expiresAt.getTime(), Date.now()) + GRACE_DAYS * DAY_MS);
        if (await repo.enterGrace(tx, sub.id, graceUntil)) await tellRenewalFailed(deps, tx, locked, graceUntil);
      });
    } else {
      // The gateway gave up (or the period ended after a cancel): no more renewals, access to the end.
      await deps.db.transaction((tx) => repo.cancel(tx, sub.id));
    }
  }

  if (billing) deps.payments.onRecurringEvent(onEvent);

  return {
    start,
    setCancelAtPeriodEnd,

    /** Before a cancel: the fan's own active subscription billed by the gateway stops renewing there. */
    async stopRenewal(userId: string, id: string): Promise<void> {
      const sub = isUuid(id) ? await repo.find(deps.db, id) : null;
      if (sub && sub.userId === userId && sub.status === 'active') await setCancelAtPeriodEnd(sub, true);
    },

    /**
     * Job: subscriptions to a creator who may not be paid now (suspended, or unverified while the
     * site requires verification) stop renewing. The gateway is told first (cancel at period end,
     * as a fan's cancel does), then our record is cancelled: access runs to the end of the period.
     * A gateway that does not answer leaves the subscription for the next run. Answers how many stopped.
     */
    async stopUnpayable(limit = 100): Promise<number> {
      if (!billing) return 0;
      const rule = await readPayableRule(deps.settings);
      const found = await repo.activeWithUnpayableCreator(deps.db, gateway.name, rule.verificationRequired, limit);
      let stopped = 0;
      for (const sub of found) {
        try {
          await setCancelAtPeriodEnd(sub, true);
        } catch (err) {
          deps.log.warn({ err, subscriptionId: sub.id }, 'could not stop the renewals of a subscription to an unpayable creator');
          continue;
        }
        if (await deps.db.transaction((tx) => repo.cancel(tx, sub.id))) stopped += 1;
      }
      return stopped;
    },

    /** Job: paid periods whose gateway subscription could not be opened right after payment. */
    async startMissing(limit = 50): Promise<number> {
      if (!billing) return 0;
      const missing = await repo.withoutGatewaySubscription(deps.db, gateway.name, limit);
      for (const sub of missing) {
        await start(sub.id).catch((err: unknown) => deps.log.warn({ err, subscriptionId: sub.id }, 'could not open the gateway subscription'));
      }
      return missing.length;
    },
  };
}

export type RecurringSubscriptions = ReturnType<typeof createRecurringSubscriptions>;
