import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GALLERY_PHOTO_PURPOSE, PhotoUploadFields, type Gallery, type GalleryPhoto, type MyPhotosQuery, type UpdatePhotoBody,
} from '../../../common/contract/galleries';
import type { Executor } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { galleriesRepository, type GalleryRow } from './galleries.repository';
import { GALLERY_NOT_FOUND, lockOwnGallery } from './galleries.service';
import { parseFields } from '../../media/multipart-form';
import { cleanPhotoTitle } from './gallery-input';
import type { GalleryPresenter } from './gallery.dto';
import { photosRepository, type PhotoRow } from './photos.repository';
import { requireUuid } from '../../shared/ids';

type SignedIn = Viewer & { userId: string };
type Deps = Pick<FastifyInstance, 'db' | 'media'>;

export const PHOTO_NOT_FOUND = 'Photo not found';

/**
 * Rewrites a gallery's positions as 0..n-1 in its current order, optionally putting one photo
 * at `index` (past the end: last). Positions stay dense, so a position is the photo's place.
 */
async function arrange(tx: Executor, galleryId: string, place?: { id: string; index: number }): Promise<void> {
  const order = await photosRepository.orderOf(tx, galleryId);
  const was = new Map(order.map((p) => [p.id, p.position]));
  let ids = order.map((p) => p.id);
  if (place) {
    ids = ids.filter((id) => id !== place.id);
    ids.splice(Math.min(place.index, ids.length), 0, place.id);
  }
  for (const [index, id] of ids.entries()) {
    if (was.get(id) !== index) await photosRepository.setPosition(tx, id, index);
  }
}

/**
 * The creator's photo with its gallery (and a target gallery, for a move) row-locked, always in
 * id order. 404 for someone else's photo or gallery; 409 if the photo moved while we waited.
 */
async function lockOwnPhoto(tx: Executor, id: string, performerId: string, targetGalleryId?: string) {
  const found = await photosRepository.findById(tx, requireUuid(id));
  if (!found || found.performerId !== performerId) throw notFound(PHOTO_NOT_FOUND);
  const wanted = targetGalleryId ? [found.galleryId, targetGalleryId.toLowerCase()] : [found.galleryId];
  const locked = await galleriesRepository.lockOwn(tx, wanted, performerId);
  const byId = new Map(locked.map((g) => [g.id, g]));
  if (targetGalleryId && !byId.has(targetGalleryId.toLowerCase())) throw notFound(GALLERY_NOT_FOUND);
  const photo = await photosRepository.findById(tx, found.id);
  if (!photo) throw notFound(PHOTO_NOT_FOUND);
  if (photo.galleryId !== found.galleryId) throw conflict('This photo was changed at the same time, please try again');
  return { photo, gallery: byId.get(photo.galleryId)!, target: targetGalleryId ? byId.get(targetGalleryId.toLowerCase())! : undefined };
}

/**
 * Photos of galleries: upload (image files only, through the media pipeline), rename, reorder,
 * move between the creator's galleries, set as cover, delete. Each write locks the galleries it
 * touches and recounts galleries.total_photos and performers.total_photos in its transaction.
 */
export function createPhotosService(deps: Deps, present: GalleryPresenter) {
  const { db } = deps;

  async function answer(tx: Executor, id: string): Promise<GalleryPhoto> {
    const row = await photosRepository.findWithFile(tx, id);
    if (!row) throw notFound(PHOTO_NOT_FOUND);
    return present.photo(row, true);
  }

  async function recount(tx: Executor, performerId: string, galleryIds: string[]) {
    await galleriesRepository.recountPhotos(tx, galleryIds);
    await galleriesRepository.recountCreatorPhotos(tx, performerId);
  }

  return {
    /**
     * The file is stored first (its fields may follow it in the form); if anything after that
     * fails (bad fields, someone else's gallery), the stored file is removed again.
     */
    async upload(viewer: SignedIn, request: FastifyRequest): Promise<GalleryPhoto> {
      const { file, fields } = await deps.media.ingestUpload(request, { ownerId: viewer.userId, kinds: ['image'], purpose: GALLERY_PHOTO_PURPOSE });
      try {
        const input = parseFields(PhotoUploadFields, fields);
        return await db.transaction(async (tx) => {
          const gallery = await lockOwnGallery(tx, input.galleryId, viewer.userId);
          const order = await photosRepository.orderOf(tx, gallery.id);
          const photo = await photosRepository.insert(tx, {
            performerId: viewer.userId,
            galleryId: gallery.id,
            fileId: file.id,
            title: cleanPhotoTitle(input.title),
            position: order.length ? order[order.length - 1].position + 1 : 0,
          });
          await recount(tx, viewer.userId, [gallery.id]);
          return present.photo({ photo, file }, true);
        });
      } catch (err) {
        await deps.media.remove([file.id]);
        throw err;
      }
    },

    async listOwn(viewer: SignedIn, query: MyPhotosQuery) {
      const { rows, total } = await photosRepository.listOwn(db, viewer.userId, {
        offset: query.offset ?? 0, limit: query.limit ?? 12, galleryId: query.galleryId?.toLowerCase(),
      });
      return { data: rows.map((r) => present.photo(r, true)), total };
    },

    async update(viewer: SignedIn, id: string, body: UpdatePhotoBody): Promise<GalleryPhoto> {
      return db.transaction(async (tx) => {
        const { photo, gallery, target } = await lockOwnPhoto(tx, id, viewer.userId, body.galleryId);
        if (body.title !== undefined) await photosRepository.update(tx, photo.id, { title: cleanPhotoTitle(body.title) });
        if (target && target.id !== gallery.id) {
          await photosRepository.update(tx, photo.id, { galleryId: target.id });
          if (gallery.coverPhotoId === photo.id) await galleriesRepository.update(tx, gallery.id, { coverPhotoId: null });
          await arrange(tx, gallery.id);
          await arrange(tx, target.id, { id: photo.id, index: body.position ?? Number.MAX_SAFE_INTEGER });
          await recount(tx, viewer.userId, [gallery.id, target.id]);
        } else if (body.position !== undefined || body.title !== undefined) {
          if (body.position !== undefined) await arrange(tx, gallery.id, { id: photo.id, index: body.position });
          await galleriesRepository.update(tx, gallery.id, {});
        }
        return answer(tx, photo.id);
      });
    },

    /** The file is removed from storage after the commit. */
    async remove(viewer: SignedIn, id: string): Promise<void> {
      const removed: PhotoRow = await db.transaction(async (tx) => {
        const { photo } = await lockOwnPhoto(tx, id, viewer.userId);
        // A cover that goes falls back to the first photo (the foreign key sets it to null).
        await photosRepository.remove(tx, photo.id);
        await arrange(tx, photo.galleryId);
        await recount(tx, viewer.userId, [photo.galleryId]);
        return photo;
      });
      await deps.media.remove([removed.fileId]);
    },

    async setCover(viewer: SignedIn, id: string): Promise<Gallery> {
      const row: GalleryRow = await db.transaction(async (tx) => {
        const { photo } = await lockOwnPhoto(tx, id, viewer.userId);
        return galleriesRepository.update(tx, photo.galleryId, { coverPhotoId: photo.id });
      });
      return (await present.galleries(db, viewer, [row]))[0];
    },

    async publicList(viewer: Viewer, performerId: string | undefined, query: { offset?: number; limit?: number }) {
      const { rows, total } = await photosRepository.listVisible(db, viewer, {
        offset: query.offset ?? 0,
        limit: query.limit ?? 12,
        performerId: performerId === undefined ? undefined : requireUuid(performerId, 'performerId'),
      });
      return { data: await present.publicPhotos(db, viewer, rows), total };
    },
  };
}
