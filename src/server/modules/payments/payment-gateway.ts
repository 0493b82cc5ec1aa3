import type { PaymentGatewayName } from '../../db/schema';

/**
 * What the payment service needs from a card gateway. Shaped after Stripe (customers, saved
 * payment methods, PaymentIntents, Connect accounts) so the Stripe implementation is a straight
 * mapping; the built-in sandbox answers the same calls without a network.
 *
 * Amounts are USD cents. Errors a person caused (an invalid number, an expired card) are thrown
 * as `HttpError` 4xx; a declined charge is not an error but an outcome (`status: 'failed'`).
 */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}

/**
 * A new card as a gateway takes it: the sandbox takes the typed details; Stripe takes only the
 * payment-method id its own card form (Elements) created in the browser, so a real card number
 * never passes through our servers.
 */
export type CardSource = { details: CardDetails } | { paymentMethodId: string };

export interface SavedCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type ChargeStatus = 'succeeded' | 'failed' | 'pending';

export interface ChargeResult {
  intentId: string;
  status: ChargeStatus;
  /** For `failed`: the gateway's words, shown to the person ("Your card was declined."). */
  failureReason?: string;
}

export interface ChargeRequest {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  /** Our payment id plus attempt: a repeat of the same call never charges twice. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

export interface RefundRequest {
  /** The charge at the gateway (its PaymentIntent id). */
  intentId: string;
  /** USD cents: what the card was charged. */
  amountCents: number;
  /** The operator's reason, kept with the refund at the gateway. */
  reason: string;
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

export interface GatewayUser {
  id: string;
  email: string | null;
  name: string | null;
}

export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** Creates the gateway's customer for a user (the caller stores and reuses the id). */
  createCustomer(user: GatewayUser): Promise<string>;
  /** Attaches a card to the customer; the number never reaches our database. */
  saveCard(customerId: string, card: CardSource): Promise<SavedCard>;
  deleteCard(paymentMethodId: string): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The current state of a charge (reconciliation of pending payments, webhooks). */
  retrieveIntent(intentId: string): Promise<ChargeResult>;
  /**
   * Gives a succeeded charge back to the card, all of it (an operator's refund of a top-up). Once
   * per idempotency key; a refusal (already refunded, unknown charge) is thrown as an `HttpError`
   * 422 carrying the gateway's words, anything else (the gateway unreachable) as it came.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /** Opens a payout account for a creator (Stripe Connect); `enabled` when it can receive money. */
  connectPayoutAccount(performer: GatewayUser): Promise<{ accountId: string; status: PayoutAccountStatus }>;
  /** Where the creator finishes the account's set-up at the gateway; null when nothing is left to do. */
  payoutAccountLink(accountId: string, returnUrl: string): Promise<string | null>;
  /** Sends an approved payout to the creator's connected account (once per idempotency key). */
  transfer(request: TransferRequest): Promise<{ transferId: string }>;
  /**
   * Recurring billing at the gateway (Stripe subscriptions), or null when we charge renewals
   * ourselves (the sandbox, through the renewal job).
   */
  readonly recurring: RecurringBilling | null;
  /** Verifies and reads a webhook delivery; null when the gateway sends none (the sandbox). */
  readonly webhooks: WebhookVerifier | null;
}

export type PayoutAccountStatus = 'pending' | 'enabled' | 'restricted';

export interface TransferRequest {
  accountId: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
}

export interface RecurringRequest {
  customerId: string;
  paymentMethodId: string;
  /** What each renewal charges (USD cents); the first period is paid separately, before. */
  amountCents: number;
  periodDays: number;
  /** When the first renewal is charged (the end of the period already paid, less a margin). */
  firstRenewalAt: Date;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface RecurringBilling {
  start(request: RecurringRequest): Promise<{ subscriptionId: string }>;
  /** Stops renewals at the end of the paid period (true) or switches them back on (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
}

/**
 * What a webhook event means for us, in our words (the gateway translates its own event shapes):
 * a charge's new state, a renewal paid or failed by the gateway's billing, a recurring billing
 * that ended, a payout account's new status, or nothing we act on.
 */
export type GatewayEffect =
  | { kind: 'charge'; result: ChargeResult; paymentId: string | null }
  | { kind: 'renewal_paid'; subscriptionId: string; invoiceId: string; amountCents: number }
  | { kind: 'renewal_failed'; subscriptionId: string; invoiceId: string; reason: string }
  | { kind: 'recurring_ended'; subscriptionId: string }
  | { kind: 'payout_account'; accountId: string; status: PayoutAccountStatus }
  | { kind: 'none' };

/** A verified webhook event: its id (the once-only key), type, what it means and the raw payload to store. */
export interface GatewayEvent {
  id: string;
  type: string;
  effect: GatewayEffect;
  payload: unknown;
}

export interface WebhookVerifier {
  /** Throws when the signature is missing, wrong or too old. */
  verify(rawBody: Buffer, signature: string | undefined): GatewayEvent;
}
