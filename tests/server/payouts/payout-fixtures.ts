import type { FastifyInstance } from 'fastify';
import { toCents } from '../../../src/common/lib/money';
import { commissionBasisPoints } from '../../../src/server/modules/ledger/commission.repository';
import { postSale } from '../../../src/server/modules/ledger/sales';
import type { SaleKind } from '../../../src/server/modules/ledger/postings';
import { createUserWithToken } from '../../support/db';
import { fundWallet } from '../../support/money';

/** A fan buys `gross` tokens' worth from the creator through the real money helpers; returns the ledger transaction id. */
export async function sell(app: FastifyInstance, performerId: string, gross: number, kind: SaleKind = 'tip', fanId?: string): Promise<string> {
  const buyer = fanId ?? (await createUserWithToken(app)).user.id;
  await fundWallet(app, buyer, gross);
  const site = await app.settings.get('performerCommission');
  const result = await app.db.transaction(async (tx) => postSale(tx, {
    kind, userId: buyer, performerId, grossCents: toCents(gross), commissionBasisPoints: await commissionBasisPoints(tx, site, performerId),
  }));
  return result.id;
}

/** Saves bank details through the real route, so `banking` becomes a payout method. */
export async function addBanking(app: FastifyInstance, token: string): Promise<void> {
  const res = await app.inject({
    method: 'PUT', url: '/performers/banking-settings', headers: { authorization: token },
    payload: { firstName: 'Ana', lastName: 'Bell', bankName: 'Test Bank', accountNumber: 'DE89370400440532013000', country: 'DE' },
  });
  if (res.statusCode !== 200) throw new Error(`banking failed: ${res.statusCode} ${res.body}`);
}
