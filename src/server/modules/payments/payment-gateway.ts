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
  saveCard(customerId: string, card: CardDetails): Promise<SavedCard>;
  deleteCard(paymentMethodId: string): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The current state of a charge (reconciliation of pending payments, webhooks). */
  retrieveIntent(intentId: string): Promise<ChargeResult>;
  /** Opens a payout account for a creator (Stripe Connect); `enabled` when it can receive money. */
  connectPayoutAccount(performer: GatewayUser): Promise<{ accountId: string; status: 'pending' | 'enabled' | 'restricted' }>;
}
