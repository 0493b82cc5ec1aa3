import type { FastifyInstance } from 'fastify';
import { reactionRoutes } from '../../../common/contract/social';
import { addRoute } from '../../lib/route';
import { signedInViewer } from '../blocking/viewer';
import { createReactionsService } from './reactions.service';

/** Like and bookmark objects; my bookmarked creators. */
export default async function reactionsModule(app: FastifyInstance) {
  const reactions = createReactionsService(app);

  addRoute(app, reactionRoutes.create, async (request) => ({
    data: await reactions.react(await signedInViewer(app, request), request.body),
  }));
  addRoute(app, reactionRoutes.remove, async (request) => ({
    data: await reactions.unreact(await signedInViewer(app, request), request.body),
  }));
  addRoute(app, reactionRoutes.performerBookmarks, async (request) => ({
    data: await reactions.performerBookmarks(await signedInViewer(app, request), request.query),
  }));
}
