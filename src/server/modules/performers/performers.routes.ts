import type { FastifyInstance } from 'fastify';
import { performerRoutes } from '../../../common/contract/performers';
import { addRoute } from '../../lib/route';
import { viewerOf } from '../blocking/viewer';
import { createPerformersService } from './performers.service';

export default async function performersModule(app: FastifyInstance) {
  const performers = createPerformersService(app);
  addRoute(app, performerRoutes.view, async (request) => ({
    data: await performers.view(request.params.id, await viewerOf(app, request)),
  }));
}
