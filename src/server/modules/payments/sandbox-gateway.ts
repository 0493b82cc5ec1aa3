import crypto from 'node:crypto';
import { badRequest, unprocessable } from '../../lib/http-error';
import type { CardSource, ChargeRequest, ChargeResult, GatewayUser, PaymentGateway, RefundRequest, SavedCard, TransferRequest } from './payment-gateway';
import { assertCardNumber, assertNotExpired, brandOf, cardDigits } from './card-rules';

/**
 * The built-in card gateway (TEST MODE): no network, Stripe's public test numbers.
 * 4000000000000002 is declined, 4000000000009995 has insufficient funds, any other Luhn-valid
 * number succeeds. It keeps no state and no numbers: a saved card's outcome is written into its
 * payment-method id (`pm_sandbox_<outcome>_<random>`) and a charge's into its intent id, so
 * `retrieveIntent` answers after a restart and on any instance.
 */
const OUTCOMES = {
  '4000000000000002': 'decline',
  '4000000000009995': 'funds',
} as const;
type Outcome = 'ok' | 'decline' | 'funds';

const REASONS: Record<Exclude<Outcome, 'ok'>, string> = {
  decline: 'Your card was declined.',
  funds: 'Your card has insufficient funds.',
};

const random = () => crypto.randomBytes(12).toString('hex');
const outcomeOfMethod = (pm: string): Outcome | null => {
  const m = /^pm_sandbox_(ok|decline|funds)_[0-9a-f]+$/.exec(pm);
  return m ? (m[1] as Outcome) : null;
};

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  /** Renewals are charged by our own job (subscriptions module), and nothing calls us back. */
  readonly recurring = null;
  readonly webhooks = null;

  async createCustomer(_user: GatewayUser): Promise<string> {
    return `cus_sandbox_${random()}`;
  }

  async saveCard(_customerId: string, source: CardSource): Promise<SavedCard> {
    if (!('details' in source)) {
      throw badRequest('The test-mode gateway takes the card details, not a paymentMethodId', [{ field: 'paymentMethodId', message: 'Enter the card details instead' }]);
    }
    const card = source.details;
    const digits = cardDigits(card.number);
    assertCardNumber(digits);
    assertNotExpired(card.expMonth, card.expYear);
    const outcome: Outcome = OUTCOMES[digits as keyof typeof OUTCOMES] ?? 'ok';
    return {
      paymentMethodId: `pm_sandbox_${outcome}_${random()}`,
      brand: brandOf(digits),
      last4: digits.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
  }

  async deleteCard(_paymentMethodId: string): Promise<void> {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const outcome = outcomeOfMethod(request.paymentMethodId);
    if (!outcome) return { intentId: `pi_sandbox_decline_${random()}`, status: 'failed', failureReason: 'This card cannot be used.' };
    const intentId = `pi_sandbox_${outcome}_${random()}`;
    return outcome === 'ok' ? { intentId, status: 'succeeded' } : { intentId, status: 'failed', failureReason: REASONS[outcome] };
  }

  async retrieveIntent(intentId: string): Promise<ChargeResult> {
    const m = /^pi_sandbox_(ok|decline|funds)_/.exec(intentId);
    if (!m) return { intentId, status: 'failed', failureReason: 'Unknown payment' };
    const outcome = m[1] as Outcome;
    return outcome === 'ok' ? { intentId, status: 'succeeded' } : { intentId, status: 'failed', failureReason: REASONS[outcome] };
  }

  /**
   * Gives back what a successful sandbox charge took: an intent id the sandbox did not make, or one
   * that was declined, is refused as Stripe refuses an unknown charge. The id is derived from the
   * key, so a repeat answers the same refund.
   */
  async refund(request: RefundRequest) {
    if (!/^pi_sandbox_ok_[0-9a-f]+$/.test(request.intentId)) {
      throw unprocessable(`The card gateway refused the refund: no successful test-mode charge ${request.intentId || '(none)'}`);
    }
    return { refundId: `re_sandbox_${crypto.createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}` };
  }

  async connectPayoutAccount(_performer: GatewayUser) {
    return { accountId: `acct_sandbox_${random()}`, status: 'enabled' as const };
  }

  async payoutAccountLink(): Promise<string | null> {
    return null;
  }

  /** Test money goes nowhere; the id is derived from the key so a repeat answers the same transfer. */
  async transfer(request: TransferRequest) {
    return { transferId: `tr_sandbox_${crypto.createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}` };
  }
}
