import type { FastifyInstance } from 'fastify';
import { LIVE_DISABLED_MESSAGE } from '../../../common/contract/streaming';
import { unprocessable } from '../../lib/http-error';
import type { SettingsService } from '../settings/settings.service';

/**
 * Live video needs three things: the operator's `agoraEnable` switch, an `agoraAppId`, and the
 * API's `AGORA_APP_CERTIFICATE` (tokens cannot be signed without it). All three or nothing.
 */
export async function liveEnabled(app: Pick<FastifyInstance, 'settings' | 'config'>): Promise<boolean> {
  if (!app.config.agoraAppCertificate) return false;
  const [enabled, appId] = await Promise.all([app.settings.get('agoraEnable'), app.settings.get('agoraAppId')]);
  return enabled && appId.trim() !== '';
}

/** Every streaming route starts here: 422 while live is off. */
export async function requireLive(app: Pick<FastifyInstance, 'settings' | 'config'>): Promise<void> {
  if (!(await liveEnabled(app))) throw unprocessable(LIVE_DISABLED_MESSAGE);
}

/**
 * The web shows live UI from the public `agoraEnable`; it must be the effective switch, not the
 * stored one (which stays visible to admins in `GET /admin/settings`). Same wrapping as the
 * payments module's `paymentGateway`.
 */
export function reflectLiveSwitch(app: Pick<FastifyInstance, 'settings' | 'config'>, settings: SettingsService): void {
  const getPublic = settings.getPublic.bind(settings);
  const pick = settings.pick.bind(settings);
  settings.getPublic = async () => ({ ...(await getPublic()), agoraEnable: await liveEnabled(app) });
  settings.pick = async (keys) => {
    const picked = await pick(keys);
    return keys.includes('agoraEnable') ? { ...picked, agoraEnable: await liveEnabled(app) } : picked;
  };
}
