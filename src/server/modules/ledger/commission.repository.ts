import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { performers } from '../../db/schema';

/**
 * The platform's share of a creator's sales in basis points: the creator's own rate when an
 * admin set one, else the site's `performerCommission` (a fraction, 0.2 = 20 %).
 */
export async function commissionBasisPoints(db: Executor, siteCommission: number, performerId: string): Promise<number> {
  const [row] = await db.select({ bp: performers.commissionBasisPoints }).from(performers).where(eq(performers.userId, performerId));
  return row?.bp ?? Math.round(siteCommission * 10000);
}
