import type { FastifyInstance } from 'fastify';
import { galleryRoutes } from '../../../common/contract/galleries';
import { addRoute } from '../../lib/route';
import { signedInViewer, viewerOf } from '../blocking/viewer';
import { clientIp } from '../geo/geo.service';
import { createGalleriesService } from './galleries.service';
import { createGalleryPresenter } from './gallery.dto';
import { createPhotosService } from './photos.service';

/** Photo galleries and their photos: the creator's tools, the public lists and detail, bookmarks, views. */
export default async function galleriesModule(app: FastifyInstance) {
  const present = createGalleryPresenter(app);
  const galleries = createGalleriesService(app, present);
  const photos = createPhotosService(app, present);
  const ok = { data: { success: true } };

  addRoute(app, galleryRoutes.create, async (request) => ({
    data: await galleries.create(await signedInViewer(app, request), request.body),
  }));
  addRoute(app, galleryRoutes.mine, async (request) => ({
    data: await galleries.listOwn(await signedInViewer(app, request), request.query),
  }));
  addRoute(app, galleryRoutes.update, async (request) => ({
    data: await galleries.update(await signedInViewer(app, request), request.params.id, request.body),
  }));
  addRoute(app, galleryRoutes.remove, async (request) => {
    await galleries.remove(await signedInViewer(app, request), request.params.id);
    return ok;
  });
  addRoute(app, galleryRoutes.mineDetail, async (request) => ({
    data: await galleries.ownDetail(await signedInViewer(app, request), request.params.id),
  }));

  addRoute(app, galleryRoutes.uploadPhoto, async (request) => ({
    data: await photos.upload(await signedInViewer(app, request), request),
  }));
  addRoute(app, galleryRoutes.myPhotos, async (request) => ({
    data: await photos.listOwn(await signedInViewer(app, request), request.query),
  }));
  addRoute(app, galleryRoutes.updatePhoto, async (request) => ({
    data: await photos.update(await signedInViewer(app, request), request.params.id, request.body),
  }));
  addRoute(app, galleryRoutes.removePhoto, async (request) => {
    await photos.remove(await signedInViewer(app, request), request.params.id);
    return ok;
  });
  addRoute(app, galleryRoutes.setCover, async (request) => ({
    data: await photos.setCover(await signedInViewer(app, request), request.params.id),
  }));

  addRoute(app, galleryRoutes.search, async (request) => ({
    data: await galleries.search(await viewerOf(app, request), request.query),
  }));
  addRoute(app, galleryRoutes.detail, async (request) => ({
    data: await galleries.detail(await viewerOf(app, request), request.params.id),
  }));
  addRoute(app, galleryRoutes.view, async (request) => ({
    data: await galleries.view(await viewerOf(app, request), request.params.id, clientIp(request.headers, request.socket.remoteAddress)),
  }));
  addRoute(app, galleryRoutes.performerPhotos, async (request) => ({
    data: await photos.publicList(await viewerOf(app, request), request.params.performerId, request.query),
  }));
  addRoute(app, galleryRoutes.photos, async (request) => ({
    data: await photos.publicList(await viewerOf(app, request), request.query.performerId, request.query),
  }));
  addRoute(app, galleryRoutes.bookmarks, async (request) => ({
    data: await galleries.bookmarks(await signedInViewer(app, request), request.query),
  }));
}
