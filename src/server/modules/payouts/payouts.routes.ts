import type { FastifyInstance } from 'fastify';
import { payoutRoutes } from '../../../common/contract/payouts';
import { addRoute } from '../../lib/route';
import { createPayoutsService } from './payouts.service';
import { actorOf } from '../audit/audit.service';

/** Creators' payout requests and the operators' decisions on them. */
export default async function payoutsModule(app: FastifyInstance) {
  const payouts = createPayoutsService(app);

  addRoute(app, payoutRoutes.calculate, async (request) => ({ data: await payouts.calculate(request.user!.id) }));
  addRoute(app, payoutRoutes.create, async (request) => ({ data: await payouts.create(request.user!.id, request.body) }));
  addRoute(app, payoutRoutes.update, async (request) => ({ data: await payouts.update(request.user!.id, request.params.id, request.body) }));
  addRoute(app, payoutRoutes.search, async (request) => ({ data: await payouts.search(request.user!.id, request.query) }));
  addRoute(app, payoutRoutes.view, async (request) => ({ data: await payouts.view(request.user!, request.params.id) }));
  addRoute(app, payoutRoutes.pendingReview, async (request) => ({ data: await payouts.pendingReview(request.user!.id) }));
  addRoute(app, payoutRoutes.adminSearch, async (request) => ({ data: await payouts.adminSearch(request.query) }));
  addRoute(app, payoutRoutes.approve, async (request) => ({ data: await payouts.approve(actorOf(request), request.params.id, request.body?.note) }));
  addRoute(app, payoutRoutes.reject, async (request) => ({ data: await payouts.reject(actorOf(request), request.params.id, request.body.note) }));
}
