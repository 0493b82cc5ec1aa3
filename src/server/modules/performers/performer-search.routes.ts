import type { FastifyInstance } from 'fastify';
import { performerRoutes } from '../../../common/contract/performers';
import { addRoute } from '../../lib/route';
import { viewerOf } from '../blocking/viewer';
import { createPerformerSearchService } from './performer-search.service';

/** Creator discovery: search, random suggestions, top creators. Blocked creators never show. */
export default async function performerSearchRoutes(app: FastifyInstance) {
  const discovery = createPerformerSearchService(app);

  addRoute(app, performerRoutes.search, async (request) => ({
    data: await discovery.search(request.query, await viewerOf(app, request)),
  }));

  addRoute(app, performerRoutes.random, async (request) => ({
    data: await discovery.random(request.query.limit, await viewerOf(app, request)),
  }));

  addRoute(app, performerRoutes.top, async (request) => ({
    data: await discovery.top(request.query.limit, await viewerOf(app, request)),
  }));
}
