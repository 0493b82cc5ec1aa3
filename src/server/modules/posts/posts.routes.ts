import type { FastifyInstance } from 'fastify';
import { postRoutes } from '../../../common/contract/posts';
import { addRoute } from '../../lib/route';
import { createPostsService } from './posts.service';
import { actorOf } from '../audit/audit.service';

/** Static pages (about, terms, privacy, guidelines): public reads and the operator's CRUD. */
export default async function postsModule(app: FastifyInstance) {
  const posts = createPostsService(app);

  addRoute(app, postRoutes.search, async (request) => ({ data: await posts.search(request.query) }));
  addRoute(app, postRoutes.view, async (request) => ({
    data: await posts.view(request.user?.role === 'admin', request.params.id),
  }));
  addRoute(app, postRoutes.adminList, async (request) => ({ data: await posts.adminList(request.query) }));
  addRoute(app, postRoutes.adminCreate, async (request) => ({ data: await posts.create(actorOf(request), request.body) }));
  addRoute(app, postRoutes.adminUpdate, async (request) => ({ data: await posts.update(actorOf(request), request.params.id, request.body) }));
  addRoute(app, postRoutes.adminRemove, async (request) => {
    await posts.remove(actorOf(request), request.params.id);
    return { data: { success: true } };
  });
}
