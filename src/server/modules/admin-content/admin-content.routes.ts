import type { FastifyInstance } from 'fastify';
import { adminContentRoutes } from '../../../common/contract/admin-content';
import { addRoute } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import { createAdminContentService } from './admin-content.service';

/** Operators search content and comments across creators, and hide or unhide them (contract `adminContentRoutes`). */
export default async function adminContentModule(app: FastifyInstance) {
  const content = createAdminContentService(app);

  addRoute(app, adminContentRoutes.search, async (request) => ({ data: await content.search(request.query) }));
  addRoute(app, adminContentRoutes.hide, async (request) => ({
    data: await content.hide(actorOf(request), request.params.type, request.params.id, request.body.reason),
  }));
  addRoute(app, adminContentRoutes.unhide, async (request) => ({
    data: await content.unhide(actorOf(request), request.params.type, request.params.id),
  }));
}
