import type { FastifyInstance } from 'fastify';
import { orderRoutes } from '../../../common/contract/orders';
import { addRoute } from '../../lib/route';
import { signedInViewer } from '../blocking/viewer';
import { actorOf } from '../audit/audit.service';
import { createOrdersService } from './orders.service';

/** Buying products from the wallet, and orders: the buyer's, the seller's, status changes and refunds. */
export default async function ordersModule(app: FastifyInstance) {
  const orders = createOrdersService(app);

  addRoute(app, orderRoutes.buy, async (request) => ({
    data: await orders.buy(await signedInViewer(app, request), request.params.id, request.body),
  }));
  addRoute(app, orderRoutes.sales, async (request) => ({ data: await orders.sales(request.user!.id, request.query) }));
  addRoute(app, orderRoutes.purchases, async (request) => ({ data: await orders.purchases(request.user!.id, request.query) }));
  addRoute(app, orderRoutes.checkPurchased, async (request) => ({
    data: await orders.checkPurchased(await signedInViewer(app, request), request.query),
  }));
  addRoute(app, orderRoutes.detail, async (request) => ({
    data: await orders.detail(await signedInViewer(app, request), request.params.id),
  }));
  addRoute(app, orderRoutes.update, async (request) => ({
    data: await orders.update(await signedInViewer(app, request), request.params.id, request.body, actorOf(request)),
  }));
  addRoute(app, orderRoutes.updateDeliveryAddress, async (request) => ({
    data: await orders.changeDeliveryAddress(await signedInViewer(app, request), request.params.id, request.body),
  }));
}
