import type { Executor } from '../../db/client';
import { conflict } from '../../lib/http-error';
import { entitlementsRepository, type EntitlementObjectType } from '../entitlements/entitlements.repository';
import { commissionBasisPoints } from '../ledger/commission.repository';
import type { SaleKind } from '../ledger/postings';
import { postSale } from '../ledger/sales';

/**
 * The pay-per-view step every wallet purchase ends with, inside its transaction: the entitlement
 * first, because its unique key is the serialisation point (of 50 concurrent purchases of one
 * item by one fan, every one after the first finds the key taken and gets the 409 before any money
 * moves), then the sale at the creator's commission.
 */
export async function sellOnce(
  tx: Executor,
  sale: {
    kind: SaleKind & EntitlementObjectType;
    userId: string;
    performerId: string;
    objectId: string;
    grossCents: number;
    siteCommission: number;
    description: string;
  },
) {
  const { kind, userId, performerId, objectId } = sale;
  if (!(await entitlementsRepository.grantEntitlement(tx, { userId, objectType: kind, objectId }))) {
    throw conflict('You already bought this');
  }
  return postSale(tx, {
    kind,
    userId,
    performerId,
    grossCents: sale.grossCents,
    commissionBasisPoints: await commissionBasisPoints(tx, sale.siteCommission, performerId),
    objectType: kind,
    objectId,
    description: sale.description,
  });
}
