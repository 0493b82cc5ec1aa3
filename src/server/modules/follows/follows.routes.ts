import type { FastifyInstance } from 'fastify';
import { followRoutes } from '../../../common/contract/social';
import { addRoute } from '../../lib/route';
import { signedInViewer } from '../blocking/viewer';
import { createFollowsService } from './follows.service';

/** Follow and unfollow creators; who follows me; whom I follow. */
export default async function followsModule(app: FastifyInstance) {
  const follows = createFollowsService(app);

  addRoute(app, followRoutes.follow, async (request) => ({
    data: await follows.follow(await signedInViewer(app, request), request.params.id),
  }));
  addRoute(app, followRoutes.unfollow, async (request) => ({
    data: await follows.unfollow(await signedInViewer(app, request), request.params.id),
  }));
  addRoute(app, followRoutes.followers, async (request) => ({
    data: await follows.followers(request.user!.id, request.query),
  }));
  addRoute(app, followRoutes.following, async (request) => ({
    data: await follows.following(await signedInViewer(app, request), request.query),
  }));
  addRoute(app, followRoutes.followingIds, async (request) => ({
    data: await follows.followingIds(request.user!.id),
  }));
}
