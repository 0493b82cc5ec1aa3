import type { FastifyInstance } from 'fastify';
import { creatorDashboardRoutes } from '../../../common/contract/creator-dashboard';
import { addRoute } from '../../lib/route';
import { createCreatorDashboardService } from './creator-dashboard.service';

/** The creator's dashboard figures (read-only; contract `creatorDashboardRoutes`). */
export default async function creatorDashboardModule(app: FastifyInstance) {
  const dashboard = createCreatorDashboardService(app);

  addRoute(app, creatorDashboardRoutes.stats, async (request) => ({ data: await dashboard.stats(request.user!.id) }));
}
