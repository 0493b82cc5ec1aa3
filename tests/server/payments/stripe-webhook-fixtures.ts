import crypto from 'node:crypto';
import Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';

export const WEBHOOK_SECRET = 'whsec_test_stand_in_secret';

/** The API's Stripe configuration pointed at a running stand-in of Stripe's HTTP API. */
export const stripeConfigFor = (stand: { url: string }) => ({
  STRIPE_SECRET_KEY: 'sk_test_stand_in',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
  STRIPE_API_URL: stand.url,
});
const stripe = new Stripe('sk_test_fixtures');

/** An event as Stripe sends it (API version of the SDK in use). */
export function stripeEvent(type: string, object: Record<string, unknown>, eventId = `evt_${crypto.randomBytes(8).toString('hex')}`) {
  return { id: eventId, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } };
}

/** Delivers an event signed with the SDK's own test-header helper (or as told: unsigned, old, altered). */
export function deliver(
  app: FastifyInstance,
  event: object,
  options: { signature?: 'valid' | 'none'; timestamp?: number; secret?: string; alter?: (payload: string) => string } = {},
) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({
    payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
  const body = options.alter ? options.alter(payload) : payload;
  return app.inject({
    method: 'POST',
    url: '/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(options.signature === 'none' ? {} : { 'stripe-signature': header }) },
    payload: body,
  });
}

export const invoiceEvent = (type: 'invoice.paid' | 'invoice.payment_failed', subscriptionId: string, amountCents: number, invoiceId = `in_${crypto.randomBytes(8).toString('hex')}`) =>
  stripeEvent(type, {
    id: invoiceId, object: 'invoice', billing_reason: 'subscription_cycle', amount_paid: type === 'invoice.paid' ? amountCents : 0,
    amount_due: amountCents, status: type === 'invoice.paid' ? 'paid' : 'open',
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
  });

/** Fisher–Yates with Math.random: the order differs run to run, which is the point. */
export function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
