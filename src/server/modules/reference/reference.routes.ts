import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route';
import { referenceRoutes } from '../../../common/contract/reference';
import { createReferenceService } from './reference.service';

/** Flags never change between package upgrades; let browsers and CDNs keep them. */
const FLAG_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export default async function referenceModule(app: FastifyInstance) {
  const reference = createReferenceService(app.config.apiEndpoint);

  addRoute(app, referenceRoutes.countries, async () => ({ data: await reference.countries() }));
  addRoute(app, referenceRoutes.states, async (request) => ({ data: await reference.states(request.params.country) }));
  addRoute(app, referenceRoutes.cities, async (request) => ({
    data: await reference.cities(request.params.country, request.params.state),
  }));
  addRoute(app, referenceRoutes.languages, async () => ({ data: await reference.languages() }));
  addRoute(app, referenceRoutes.phoneCodes, async () => ({ data: await reference.phoneCodes() }));
  addRoute(app, { ...referenceRoutes.flag, rateLimit: 'none' }, async (request, reply) => {
    const svg = await reference.flag(request.params.code);
    return reply.type('image/svg+xml').header('cache-control', FLAG_CACHE_CONTROL).send(svg);
  });
}
