import type { FastifyInstance } from 'fastify';
import { addressRoutes } from '../../../common/contract/addresses';
import { addRoute } from '../../lib/route';
import { createAddressesService } from './addresses.service';

/** The caller's delivery addresses: add, edit, list, delete. */
export default async function addressesModule(app: FastifyInstance) {
  const addresses = createAddressesService(app);

  addRoute(app, addressRoutes.create, async (request) => ({ data: await addresses.create(request.user!.id, request.body) }));
  addRoute(app, addressRoutes.update, async (request) => ({
    data: await addresses.update(request.user!.id, request.params.id, request.body),
  }));
  addRoute(app, addressRoutes.search, async (request) => ({ data: await addresses.list(request.user!.id, request.query) }));
  addRoute(app, addressRoutes.remove, async (request) => {
    await addresses.remove(request.user!.id, request.params.id);
    return { data: { success: true } };
  });
}
