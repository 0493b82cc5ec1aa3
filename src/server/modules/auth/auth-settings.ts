import type { Executor } from '../../db/client';
import { PUBLIC_SETTING_DEFAULTS, type PublicSettings } from '../../../common/constants/settings';

/**
 * The few site settings the auth flows read (requireEmailVerification, siteName): the stored value
 * when it has the default's type, else the default. Stand-in until the settings module's
 * `createSettingsService(db).get(key)` is wired in by the integrator.
 */
export async function readAuthSetting<K extends 'requireEmailVerification' | 'siteName'>(
  db: Executor,
  key: K,
): Promise<PublicSettings[K]> {
  const row = await db.query.settings.findFirst({ where: (s, { eq }) => eq(s.key, key) });
  const fallback = PUBLIC_SETTING_DEFAULTS[key];
  return (row && typeof row.value === typeof fallback ? row.value : fallback) as PublicSettings[K];
}
