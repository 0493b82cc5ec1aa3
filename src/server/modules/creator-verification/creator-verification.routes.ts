import type { FastifyInstance } from 'fastify';
import { adminVerificationRoutes } from '../../../common/contract/admin-verification';
import { addRoute } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import { createCreatorVerificationService } from './creator-verification.service';

/** The operators' creator verification queue (contract `adminVerificationRoutes`). */
export default async function creatorVerificationModule(app: FastifyInstance) {
  const verification = createCreatorVerificationService(app);

  addRoute(app, adminVerificationRoutes.list, async (request) => ({ data: await verification.list(request.query) }));

  addRoute(app, adminVerificationRoutes.approve, async (request) => ({
    data: await verification.approve(actorOf(request), request.params.performerId),
  }));

  addRoute(app, adminVerificationRoutes.reject, async (request) => ({
    data: await verification.reject(actorOf(request), request.params.performerId, request.body.reason),
  }));
}
