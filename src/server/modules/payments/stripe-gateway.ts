import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import { badRequest, unprocessable } from '../../lib/http-error';
import type {
  CardSource, ChargeRequest, ChargeResult, GatewayUser, PaymentGateway,
  RecurringBilling, RecurringRequest, RefundRequest, SavedCard, TransferRequest, WebhookVerifier,
} from './payment-gateway';
import { accountStatus, intentResult, stripeEffect } from './stripe-events';

/** Stripe's id of the one product every creator subscription's price hangs on (created on first use). */
export const SUBSCRIPTION_PRODUCT_ID = 'creator_subscription';

interface StripeErrorLike {
  type?: string;
  code?: string;
  message?: string;
  statusCode?: number;
  raw?: { payment_intent?: { id?: string } };
}
const asStripeError = (err: unknown): StripeErrorLike => (err && typeof err === 'object' ? err : {}) as StripeErrorLike;

/**
 * The card gateway on Stripe: customers and saved payment methods (created in the browser by
 * Elements; we only attach them), off-session PaymentIntents for top-ups and first subscription
 * periods, Stripe subscriptions for renewals, Express Connect accounts and transfers for payouts,
 * and signed webhooks. Every charge and transfer carries our idempotency key, so a repeat of the
 * same call (a retry after a timeout) never moves money twice.
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  readonly recurring: RecurringBilling;
  readonly webhooks: WebhookVerifier;
  private readonly stripe: Stripe;
  private product: Promise<string> | null = null;

  constructor(private readonly config: StripeConfig) {
    const api = config.apiUrl ? new URL(config.apiUrl) : null;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
    this.recurring = {
      start: (request) => this.startSubscription(request),
      setCancelAtPeriodEnd: async (subscriptionId, cancel) => {
        await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
      },
    };
    this.webhooks = {
      verify: (rawBody, signature) => {
        if (!signature) throw new Error('Missing Stripe-Signature header');
        const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
        return { id: event.id, type: event.type, effect: stripeEffect(event), payload: event };
      },
    };
  }

  async createCustomer(user: GatewayUser): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: user.email ?? undefined, name: user.name ?? undefined, metadata: { userId: user.id } },
      { idempotencyKey: `customer:${user.id}` },
    );
    return customer.id;
  }

  async saveCard(customerId: string, source: CardSource): Promise<SavedCard> {
    if (!('paymentMethodId' in source)) {
      throw badRequest('Card details go to Stripe directly from its card form; send the paymentMethodId it created', [
        { field: 'number', message: 'Use the Stripe card form' },
      ]);
    }
    let method: Stripe.PaymentMethod;
    try {
      method = await this.stripe.paymentMethods.attach(source.paymentMethodId, { customer: customerId });
    } catch (err) {
      const e = asStripeError(err);
      if (e.type === 'StripeCardError' || e.type === 'StripeInvalidRequestError') {
        throw badRequest(e.message || 'This card cannot be used', [{ field: 'paymentMethodId', message: e.message || 'This card cannot be used' }]);
      }
      throw err;
    }
    const card = method.card;
    if (!card) throw badRequest('Only cards can be saved', [{ field: 'paymentMethodId', message: 'Not a card' }]);
    return { paymentMethodId: method.id, brand: brandName(card.brand), last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
  }

  async deleteCard(paymentMethodId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch (err) {
      // Already detached or deleted at Stripe: what the person wanted is true.
      if (asStripeError(err).type !== 'StripeInvalidRequestError') throw err;
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    try {
      const intent = await this.stripe.paymentIntents.create({
        amount: request.amountCents,
        currency: 'usd',
        customer: request.customerId,
        payment_method: request.paymentMethodId,
        off_session: true,
        confirm: true,
        description: request.description,
        metadata: request.metadata,
      }, { idempotencyKey: request.idempotencyKey });
      return intentResult(intent);
    } catch (err) {
      const e = asStripeError(err);
      if (e.type === 'StripeCardError') {
        return { intentId: e.raw?.payment_intent?.id ?? '', status: 'failed', failureReason: e.message || 'Your card was declined.' };
      }
      throw err;
    }
  }

  async retrieveIntent(intentId: string): Promise<ChargeResult> {
    return intentResult(await this.stripe.paymentIntents.retrieve(intentId));
  }

  /**
   * A refund of the whole PaymentIntent, keyed so a retry makes none twice. Stripe's refusals
   * (already refunded, unknown intent) become a 422 with Stripe's words; a refund Stripe reports
   * as failed or canceled too. `pending` is a refund on its way to the bank: accepted.
   */
  async refund(request: RefundRequest) {
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create({
        payment_intent: request.intentId,
        amount: request.amountCents,
        reason: 'requested_by_customer',
        metadata: { ...request.metadata, reason: request.reason.slice(0, 500) },
      }, { idempotencyKey: request.idempotencyKey });
    } catch (err) {
      const e = asStripeError(err);
      if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError') {
        throw unprocessable(`The card gateway refused the refund: ${e.message || 'no reason given'}`);
      }
      throw err;
    }
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw unprocessable(`The card gateway refused the refund: it is ${refund.status}${refund.failure_reason ? ` (${refund.failure_reason})` : ''}`);
    }
    return { refundId: refund.id };
  }

  async connectPayoutAccount(performer: GatewayUser) {
    const account = await this.stripe.accounts.create({
      type: 'express',
      email: performer.email ?? undefined,
      capabilities: { transfers: { requested: true } },
      metadata: { performerId: performer.id },
    }, { idempotencyKey: `account:${performer.id}` });
    return { accountId: account.id, status: accountStatus(account) };
  }

  async payoutAccountLink(accountId: string, returnUrl: string): Promise<string | null> {
    const link = await this.stripe.accountLinks.create({
      account: accountId, type: 'account_onboarding', refresh_url: returnUrl, return_url: returnUrl,
    });
    return link.url;
  }

  async transfer(request: TransferRequest) {
    const transfer = await this.stripe.transfers.create({
      amount: request.amountCents, currency: 'usd', destination: request.accountId, description: request.description,
    }, { idempotencyKey: request.idempotencyKey });
    return { transferId: transfer.id };
  }

  /** The product all subscription prices belong to; looked up or made once per process. */
  private subscriptionProduct(): Promise<string> {
    this.product ??= this.stripe.products.retrieve(SUBSCRIPTION_PRODUCT_ID)
      .catch(async (err: unknown) => {
        if (asStripeError(err).statusCode !== 404) throw err;
        await this.stripe.products.create({ id: SUBSCRIPTION_PRODUCT_ID, name: 'Creator subscription' }, { idempotencyKey: 'product:creator_subscription' });
      })
      .then(() => SUBSCRIPTION_PRODUCT_ID)
      .catch((err: unknown) => {
        this.product = null;
        throw err;
      });
    return this.product;
  }

  /**
   * Renewals as a Stripe subscription whose trial covers the period already paid through a
   * PaymentIntent (so coupons and the first charge follow the top-up path); Stripe then charges
   * every `periodDays` and tells us by `invoice.paid` / `invoice.payment_failed`.
   */
  private async startSubscription(request: RecurringRequest) {
    const product = await this.subscriptionProduct();
    const subscription = await this.stripe.subscriptions.create({
      customer: request.customerId,
      default_payment_method: request.paymentMethodId,
      items: [{ price_data: { currency: 'usd', product, unit_amount: request.amountCents, recurring: { interval: 'day', interval_count: request.periodDays } } }],
      trial_end: Math.floor(request.firstRenewalAt.getTime() / 1000),
      description: request.description,
      metadata: request.metadata,
      off_session: true,
    }, { idempotencyKey: request.idempotencyKey });
    return { subscriptionId: subscription.id };
  }
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'Amex', discover: 'Discover' };
const brandName = (brand: string) => BRANDS[brand] ?? 'Card';
