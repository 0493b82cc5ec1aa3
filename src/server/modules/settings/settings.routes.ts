import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route';
import { settingsRoutes } from '../../../common/contract/settings';

export default async function settingsModule(app: FastifyInstance) {
  addRoute(app, settingsRoutes.public, async () => ({ data: await app.settings.getPublic() }));

  addRoute(app, settingsRoutes.keys, async (request) => ({ data: await app.settings.pick(request.body.keys) }));

  addRoute(app, settingsRoutes.adminList, async () => ({ data: await app.settings.getAll() }));

  addRoute(app, settingsRoutes.adminUpdate, async (request) => ({
    data: await app.settings.set(request.body as Record<string, unknown>),
  }));
}
