import type Stripe from 'stripe';
import type { ChargeResult, GatewayEffect, PayoutAccountStatus } from './payment-gateway';

/** A PaymentIntent's state as ours: only `succeeded` credits; a closed attempt is `failed`. */
export function intentResult(intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'last_payment_error'>): ChargeResult {
  if (intent.status === 'succeeded') return { intentId: intent.id, status: 'succeeded' };
  if (intent.status === 'canceled' || intent.status === 'requires_payment_method') {
    return { intentId: intent.id, status: 'failed', failureReason: intent.last_payment_error?.message || 'The payment failed' };
  }
  return { intentId: intent.id, status: 'pending' };
}

/** An express account can take transfers once Stripe enabled payouts; a disabled reason restricts it. */
export function accountStatus(account: Pick<Stripe.Account, 'payouts_enabled' | 'charges_enabled' | 'requirements'>): PayoutAccountStatus {
  if (account.payouts_enabled) return 'enabled';
  return account.requirements?.disabled_reason && !account.requirements.disabled_reason.startsWith('requirements.pending')
    && account.requirements.disabled_reason !== 'requirements.past_due' ? 'restricted' : 'pending';
}


const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : value?.id ?? null;

/** The Stripe subscription an invoice bills (API 2025+: under `parent.subscription_details`). */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/**
 * A Stripe event in our words. Only what we act on is read; everything else is `none` (stored,
 * answered 200, never retried). PaymentIntent events carry our payment id in their metadata;
 * renewals are invoices of a subscription whose billing reason is a new cycle (the zero-amount
 * invoice of the trial that covers the period paid up front is not a renewal).
 */
export function stripeEffect(event: Stripe.Event): GatewayEffect {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
    case 'payment_intent.processing': {
      const intent = event.data.object;
      return { kind: 'charge', result: intentResult(intent), paymentId: intent.metadata?.paymentId ?? null };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscription(invoice);
      if (!subscriptionId || invoice.billing_reason !== 'subscription_cycle' || !invoice.id || invoice.amount_paid <= 0) return { kind: 'none' };
      return { kind: 'renewal_paid', subscriptionId, invoiceId: invoice.id, amountCents: invoice.amount_paid };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscription(invoice);
      if (!subscriptionId || invoice.billing_reason !== 'subscription_cycle' || !invoice.id) return { kind: 'none' };
      return { kind: 'renewal_failed', subscriptionId, invoiceId: invoice.id, reason: 'The renewal payment failed' };
    }
    case 'customer.subscription.deleted':
      return { kind: 'recurring_ended', subscriptionId: event.data.object.id };
    case 'account.updated':
      return { kind: 'payout_account', accountId: event.data.object.id, status: accountStatus(event.data.object) };
    default:
      return { kind: 'none' };
  }
}
