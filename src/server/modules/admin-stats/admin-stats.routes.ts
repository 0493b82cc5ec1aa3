import type { FastifyInstance } from 'fastify';
import { adminStatsRoutes } from '../../../common/contract/admin-stats';
import { addRoute } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import { createAdminStatsService } from './admin-stats.service';

/** The operators' dashboard (contract `adminStatsRoutes`): figures, queues, the ledger check. */
export default async function adminStatsModule(app: FastifyInstance) {
  const stats = createAdminStatsService(app);

  addRoute(app, adminStatsRoutes.stats, async () => ({ data: await stats.stats() }));

  addRoute(app, adminStatsRoutes.queues, async () => ({ data: await stats.queues() }));

  addRoute(app, adminStatsRoutes.ledgerCheck, async (request) => ({ data: await stats.runLedgerCheck(actorOf(request)) }));
}
