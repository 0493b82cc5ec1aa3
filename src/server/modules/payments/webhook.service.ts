import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import type { GatewayEffect, PaymentGateway } from './payment-gateway';
import { gatewayEventsRepository as events } from './gateway-events.repository';
import { paymentsRepository } from './payments.repository';
import { payoutAccountsRepository } from './payout-accounts.repository';
import type { PaymentsService } from './payments.service';
import { isUuid } from '../../shared/ids';

export type RecurringEffect = Extract<GatewayEffect, { kind: 'renewal_paid' | 'renewal_failed' | 'recurring_ended' }>;
export type RecurringHandler = (effect: RecurringEffect) => Promise<void>;

/**
 * `POST /{gateway}/webhook`: verify, store by event id, apply once. Every effect is applied through
 * state changes that happen at most once (a pending payment succeeds or fails once, a renewal's
 * payment row is keyed by its invoice), so two deliveries of one event racing each other, or events
 * arriving out of order, still move money once. An effect that cannot be applied yet (the charge
 * answer has not been stored) is answered 500 so the gateway delivers it again later.
 */
export function createWebhookService(app: FastifyInstance, gateway: PaymentGateway, payments: Pick<PaymentsService, 'confirmPayment' | 'failPayment'>) {
  let recurringHandler: RecurringHandler | null = null;

  async function applyCharge(effect: Extract<GatewayEffect, { kind: 'charge' }>) {
    const { result } = effect;
    if (!result.intentId) return;
    const ref = { gateway: gateway.name, intentId: result.intentId };
    const payment = await paymentsRepository.find(app.db, ref);
    if (!payment) {
      const ours = effect.paymentId && isUuid(effect.paymentId) ? await paymentsRepository.find(app.db, { paymentId: effect.paymentId }) : null;
      // Ours but its charge answer is still on its way: try again later. Not ours: nothing to do.
      if (ours?.status === 'pending' && !ours.gatewayIntentId) throw new HttpError(500, 'The payment of this event is not linked yet; deliver it again');
      return;
    }
    if (result.status === 'succeeded') await payments.confirmPayment(ref);
    else if (result.status === 'failed') await payments.failPayment(ref, result.failureReason || 'The payment failed');
  }

  async function apply(effect: GatewayEffect) {
    switch (effect.kind) {
      case 'charge':
        return applyCharge(effect);
      case 'payout_account':
        return payoutAccountsRepository.setStatus(app.db, gateway.name, effect.accountId, effect.status);
      case 'renewal_paid':
      case 'renewal_failed':
      case 'recurring_ended':
        if (!recurringHandler) throw new Error('No handler for recurring billing events');
        return recurringHandler(effect);
      case 'none':
        return undefined;
    }
  }

  return {
    onRecurringEvent(handler: RecurringHandler) {
      recurringHandler = handler;
    },

    async receive(segment: string, rawBody: Buffer, signature: string | undefined) {
      if (segment !== gateway.name || !gateway.webhooks) throw notFound(`Unknown payment gateway "${segment}"`);
      let event;
      try {
        event = gateway.webhooks.verify(rawBody, signature);
      } catch {
        throw badRequest('The webhook signature is missing or invalid');
      }
      const { applied } = await events.record(app.db, gateway.name, event);
      if (applied) return { received: true, duplicate: true };
      try {
        await apply(event.effect);
      } catch (err) {
        await events.markError(app.db, gateway.name, event.id, err instanceof Error ? err.message : String(err));
        throw err;
      }
      await events.markApplied(app.db, gateway.name, event.id);
      return { received: true, duplicate: false };
    },
  };
}
