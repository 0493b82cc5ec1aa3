import type { FastifyInstance } from 'fastify';
import type { SaleKind } from '../ledger/postings';
import { fromCents } from '../../../common/lib/money';
import type { Executor } from '../../db/client';

/** Where a creator reads their sales and tips. */
export const EARNINGS_PAGE = '/creator/earning';

/**
 * The creator hears of a wallet sale (`content_bought`: amount, what, its title) or a tip
 * (`tip_received`), in the sale's transaction: a refused charge (402, 409, ...) rolls it back too.
 */
export function tellCreatorOfSale(
  app: Pick<FastifyInstance, 'notifications'>,
  tx: Executor,
  sale: { kind: SaleKind; performerId: string; buyerId: string; grossCents: number; title?: string; link?: string },
): Promise<void> {
  const amount = fromCents(sale.grossCents);
  if (sale.kind === 'tip') {
    return app.notifications.notify(tx, { userId: sale.performerId, kind: 'tip_received', actorId: sale.buyerId, link: EARNINGS_PAGE, data: { amount } });
  }
  return app.notifications.notify(tx, {
    userId: sale.performerId,
    kind: 'content_bought',
    actorId: sale.buyerId,
    link: sale.link ?? EARNINGS_PAGE,
    data: { amount, objectType: sale.kind, ...(sale.title ? { title: sale.title } : {}) },
  });
}
