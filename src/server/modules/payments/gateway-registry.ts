import type { PaymentGateway } from './payment-gateway';
import { SandboxGateway } from './sandbox-gateway';
import type { SettingsService } from '../settings/settings.service';

/**
 * The one place that picks the card gateway. Stripe when `STRIPE_SECRET_KEY` is set, else the
 * built-in sandbox (TEST MODE). The Stripe class is not written yet: starting with a key set
 * fails loudly instead of silently taking fake payments in what is meant to be a live shop.
 */
export function createGateway(env: NodeJS.ProcessEnv = process.env): PaymentGateway {
  if (env.STRIPE_SECRET_KEY) {
    throw new Error('STRIPE_SECRET_KEY is set but the Stripe gateway is not available in this build; unset it to use the sandbox');
  }
  return new SandboxGateway();
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
