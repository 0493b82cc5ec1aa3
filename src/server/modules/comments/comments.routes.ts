import type { FastifyInstance } from 'fastify';
import { commentRoutes } from '../../../common/contract/comments';
import { addRoute } from '../../lib/route';
import { signedInViewer, viewerOf } from '../blocking/viewer';
import { createCommentsService } from './comments.service';

/** Comments (each with at most one image) and one level of replies on feeds, videos, galleries and products. */
export default async function commentsModule(app: FastifyInstance) {
  const comments = createCommentsService(app);

  addRoute(app, commentRoutes.create, async (request) => ({
    data: await comments.create(await signedInViewer(app, request), request.body),
  }));
  addRoute(app, commentRoutes.list, async (request) => ({
    data: await comments.list(await viewerOf(app, request), request.query),
  }));
  addRoute(app, commentRoutes.uploadImage, async (request) => ({
    data: await comments.uploadImage(await signedInViewer(app, request), request),
  }));
  addRoute(app, commentRoutes.update, async (request) => ({
    data: await comments.update(await signedInViewer(app, request), request.params.id, request),
  }));
  addRoute(app, commentRoutes.remove, async (request) => {
    await comments.remove(await signedInViewer(app, request), request.params.id);
    return { data: { success: true } };
  });
}
