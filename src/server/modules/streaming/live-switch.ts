import type { FastifyInstance } from 'fastify';
import { LIVE_DISABLED_MESSAGE } from '../../../common/contract/streaming';
import { unprocessable } from '../../lib/http-error';
import type { Config } from '../../config';
import type { AllSettings } from '../../../common/constants/settings';

/**
 * Live video needs three things: the operator's `agoraEnable` switch, an `agoraAppId`, and the
 * API's `AGORA_APP_CERTIFICATE` (tokens cannot be signed without it). All three or nothing.
 */
export const liveOn = (config: Pick<Config, 'agoraAppCertificate'>, stored: Pick<AllSettings, 'agoraEnable' | 'agoraAppId'>): boolean =>
  Boolean(config.agoraAppCertificate) && stored.agoraEnable && stored.agoraAppId.trim() !== '';

export async function liveEnabled(app: Pick<FastifyInstance, 'settings' | 'config'>): Promise<boolean> {
  if (!app.config.agoraAppCertificate) return false;
  const [agoraEnable, agoraAppId] = await Promise.all([app.settings.get('agoraEnable'), app.settings.get('agoraAppId')]);
  return liveOn(app.config, { agoraEnable, agoraAppId });
}

/** Every streaming route starts here: 422 while live is off. */
export async function requireLive(app: Pick<FastifyInstance, 'settings' | 'config'>): Promise<void> {
  if (!(await liveEnabled(app))) throw unprocessable(LIVE_DISABLED_MESSAGE);
}

/**
 * The web shows live UI from the public `agoraEnable`; it must be the effective switch, not the
 * stored one (which stays visible to admins in `GET /admin/settings`).
 */
export function reflectLiveSwitch(app: Pick<FastifyInstance, 'settings' | 'config'>): void {
  app.settings.reflect('agoraEnable', (stored) => liveOn(app.config, stored));
}
