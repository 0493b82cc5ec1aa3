import type { FastifyInstance } from 'fastify';
import { videoRoutes } from '../../../common/contract/videos';
import { addRoute } from '../../lib/route';
import { signedInViewer, viewerOf } from '../blocking/viewer';
import { clientIp } from '../geo/geo.service';
import { createVideoCatalogService } from './video-catalog.service';
import { receiveVideoForm } from './video-upload';
import { createVideosService } from './videos.service';

/** Videos (spec 7): the creator's upload, edit and lists under /performer/..., and the public side. */
export default async function videosModule(app: FastifyInstance) {
  const videos = createVideosService(app);
  const catalog = createVideoCatalogService(app);

  addRoute(app, videoRoutes.upload, async (request) => {
    const creator = await signedInViewer(app, request);
    const form = await receiveVideoForm(app, request, creator.userId);
    return { data: await videos.create(creator, form) };
  });

  addRoute(app, videoRoutes.ownSearch, async (request) => ({
    data: await videos.search(await signedInViewer(app, request), request.query),
  }));

  addRoute(app, videoRoutes.ownView, async (request) => ({
    data: await videos.view(await signedInViewer(app, request), request.params.id),
  }));

  addRoute(app, videoRoutes.ownStatus, async (request) => ({
    data: await videos.status(await signedInViewer(app, request), request.params.id),
  }));

  addRoute(app, videoRoutes.edit, async (request) => {
    const creator = await signedInViewer(app, request);
    if (request.isMultipart()) await videos.assertOwn(creator, request.params.id);
    const edit = request.isMultipart()
      ? { form: await receiveVideoForm(app, request, creator.userId) }
      : { body: request.body as unknown };
    return { data: await videos.edit(creator, request.params.id, edit) };
  });

  addRoute(app, videoRoutes.removeFile, async (request) => ({
    data: await videos.removeFile(await signedInViewer(app, request), request.params.id, request.body),
  }));

  addRoute(app, videoRoutes.remove, async (request) => {
    await videos.remove(await signedInViewer(app, request), request.params.id);
    return { data: { success: true } };
  });

  addRoute(app, videoRoutes.search, async (request) => ({
    data: await catalog.search(await viewerOf(app, request), request.query),
  }));

  addRoute(app, videoRoutes.view, async (request) => ({
    data: await catalog.view(await viewerOf(app, request), request.params.id),
  }));

  addRoute(app, videoRoutes.countView, async (request) => {
    const ip = clientIp(request.headers, request.socket.remoteAddress);
    return { data: await catalog.countView(await viewerOf(app, request), ip, request.params.id) };
  });

  addRoute(app, videoRoutes.bookmarks, async (request) => ({
    data: await catalog.bookmarks(await signedInViewer(app, request), request.query),
  }));
}
