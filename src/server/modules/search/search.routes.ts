import type { FastifyInstance } from 'fastify';
import { searchRoutes } from '../../../common/contract/search';
import { addRoute } from '../../lib/route';
import { viewerOf } from '../blocking/viewer';
import { createSearchService } from './search.service';

/** GET /search: creators, posts and hashtags for anyone, signed in or not (README "Search"). */
export default async function searchModule(app: FastifyInstance) {
  const search = createSearchService(app);
  addRoute(app, searchRoutes.search, async (request) => ({
    data: await search.search(request.query, await viewerOf(app, request)),
  }));
}
