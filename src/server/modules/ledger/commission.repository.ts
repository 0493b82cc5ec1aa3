import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { performers, settings } from '../../db/schema';
import { PRIVATE_SETTING_DEFAULTS } from '../../../common/constants/settings';

/**
 * The platform's share of a creator's sales in basis points: the creator's own rate when an
 * admin set one, else the site's `performerCommission` (a fraction, 0.2 = 20 %).
 */
export async function commissionBasisPoints(db: Executor, siteCommission: number, performerId: string): Promise<number> {
  const [row] = await db.select({ bp: performers.commissionBasisPoints }).from(performers).where(eq(performers.userId, performerId));
  return row?.bp ?? Math.round(siteCommission * 10000);
}

/**
 * The same rate read entirely inside an open transaction (the settings service would query the
 * database beside it, which PGlite cannot do): the stored `performerCommission` or its default.
 */
export async function commissionBasisPointsIn(tx: Executor, performerId: string): Promise<number> {
  const [stored] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, 'performerCommission'));
  const site = typeof stored?.value === 'number' ? stored.value : PRIVATE_SETTING_DEFAULTS.performerCommission;
  return commissionBasisPoints(tx, site, performerId);
}
