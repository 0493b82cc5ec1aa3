import type { FastifyInstance } from 'fastify';
import { earningRoutes } from '../../../common/contract/earnings';
import { addRoute } from '../../lib/route';
import { createEarningsService } from './earnings.service';

/** The creator's sales and earnings statistics (read-only; the ledger is the source). */
export default async function earningsModule(app: FastifyInstance) {
  const earnings = createEarningsService(app);

  addRoute(app, earningRoutes.search, async (request) => ({ data: await earnings.search(request.user!.id, request.query) }));
  addRoute(app, earningRoutes.stats, async (request) => ({ data: await earnings.stats(request.user!.id, request.query) }));
}
