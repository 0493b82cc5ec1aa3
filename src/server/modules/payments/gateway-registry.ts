import type { Config } from '../../config';
import type { PaymentGateway } from './payment-gateway';
import { SandboxGateway } from './sandbox-gateway';
import { StripeGateway } from './stripe-gateway';
import type { SettingsService } from '../settings/settings.service';
import { PUBLIC_SETTING_DEFAULTS } from '../../../common/constants/settings';

/** The spec's gateway name (spec 9): the card provider, Stripe, whether keys are set or not. */
export const PUBLIC_GATEWAY_NAME = PUBLIC_SETTING_DEFAULTS.paymentGateway;

/**
 * `/{gateway}/...` URL segments the active gateway answers: the spec's "stripe" always (the sandbox
 * is Stripe's test mode behind that name), and its own storage name ("sandbox" from older clients).
 */
export const answersSegment = (gateway: Pick<PaymentGateway, 'name'>, segment: string): boolean =>
  segment === PUBLIC_GATEWAY_NAME || segment === gateway.name;

/**
 * The one place that picks the card gateway: Stripe when `STRIPE_SECRET_KEY` and
 * `STRIPE_WEBHOOK_SECRET` are set (the config refuses one without the other), else the built-in
 * sandbox (TEST MODE).
 */
export function createGateway(config: Pick<Config, 'stripe'>): PaymentGateway {
  return config.stripe ? new StripeGateway(config.stripe) : new SandboxGateway();
}

/**
 * `paymentGateway` is "stripe" (spec 9) with or without keys: the web builds `/stripe/cards` and
 * the like from it. What the web must also know is whether the built-in sandbox answers (the TEST
 * MODE banner, the test-card fields instead of Stripe's form): `paymentTestMode`, derived here on
 * every public read and on the operators' list, never stored.
 */
export function reflectActiveGateway(settings: SettingsService, gateway: PaymentGateway): void {
  const testMode = gateway.name === 'sandbox';
  settings.reflect('paymentTestMode', () => testMode, { toOperators: true });
}
