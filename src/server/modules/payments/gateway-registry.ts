import type { Config } from '../../config';
import type { PaymentGateway } from './payment-gateway';
import { SandboxGateway } from './sandbox-gateway';
import { StripeGateway } from './stripe-gateway';
import type { SettingsService } from '../settings/settings.service';

/**
 * The one place that picks the card gateway: Stripe when `STRIPE_SECRET_KEY` and
 * `STRIPE_WEBHOOK_SECRET` are set (the config refuses one without the other), else the built-in
 * sandbox (TEST MODE).
 */
export function createGateway(config: Pick<Config, 'stripe'>): PaymentGateway {
  return config.stripe ? new StripeGateway(config.stripe) : new SandboxGateway();
}

/**
 * `paymentGateway` is a stored public setting (default "stripe", spec 9), but what the web must
 * know is which gateway this server really uses (the TEST MODE banner, the `/{gateway}/cards`
 * segment). The public reads are wrapped so that value always names the active gateway; the
 * stored value stays visible to admins in `GET /admin/settings`.
 */
export function reflectActiveGateway(settings: SettingsService, gateway: PaymentGateway): void {
  const getPublic = settings.getPublic.bind(settings);
  const pick = settings.pick.bind(settings);
  settings.getPublic = async () => ({ ...(await getPublic()), paymentGateway: gateway.name });
  settings.pick = async (keys) => {
    const picked = await pick(keys);
    return keys.includes('paymentGateway') ? { ...picked, paymentGateway: gateway.name } : picked;
  };
}
