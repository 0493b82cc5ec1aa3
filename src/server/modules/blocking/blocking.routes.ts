import type { FastifyInstance } from 'fastify';
import { blockRoutes } from '../../../common/contract/social';
import { addRoute } from '../../lib/route';
import { createBlockingService } from './blocking.service';

/** A creator's block lists (accounts and countries). The effects live in creator-guard.ts and visibleToViewer. */
export default async function blockingModule(app: FastifyInstance) {
  const blocking = createBlockingService(app);

  addRoute(app, blockRoutes.blockUser, async (request) => ({
    data: await blocking.blockUser(request.user!.id, request.body),
  }));
  addRoute(app, blockRoutes.blockedUsers, async (request) => ({
    data: await blocking.blockedUsers(request.user!.id, request.query),
  }));
  addRoute(app, blockRoutes.unblockUser, async (request) => ({
    data: await blocking.unblockUser(request.user!.id, request.params.id),
  }));
  addRoute(app, blockRoutes.blockCountries, async (request) => ({
    data: await blocking.blockCountries(request.user!.id, request.body.countries),
  }));
  addRoute(app, blockRoutes.blockedCountries, async (request) => ({
    data: await blocking.blockedCountries(request.user!.id),
  }));
}
