import type { FastifyInstance } from 'fastify';
import type { Gallery, GalleryDetail, GalleryPhoto, PublicPhoto } from '../../../common/contract/galleries';
import type { Executor } from '../../db/client';
import type { Viewer } from '../blocking/viewer';
import { resolveAccess } from '../content/content-access.service';
import { commonContentFields, loadPageContext, type ContentPageContext } from '../content/content-dto';
import type { MediaFileRow } from '../media/media.repository';
import { galleriesRepository, type GalleryRow } from './galleries.repository';
import { photosRepository, type PhotoInGallery, type PhotoWithFile } from './photos.repository';
import { readAll } from '../../db/reads';

export type GalleryPresenter = ReturnType<typeof createGalleryPresenter>;

/**
 * Gallery and photo answers. Whether files are unlocked is decided once per gallery
 * (resolveAccess) and applied to its cover and every photo through `media.present`, so a locked
 * viewer gets blurred previews and never a main file URL.
 */
export function createGalleryPresenter(app: Pick<FastifyInstance, 'media' | 'storage' | 'config'>) {
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };

  function photo({ photo: p, file }: PhotoWithFile, unlocked: boolean): GalleryPhoto {
    return {
      _id: p.id,
      galleryId: p.galleryId,
      title: p.title,
      position: p.position,
      file: app.media.present(file, { unlocked }),
      createdAt: p.createdAt.toISOString(),
    };
  }

  function gallery(ctx: ContentPageContext, row: GalleryRow, cover: MediaFileRow | undefined): Gallery {
    const unlocked = !ctx.access.get(row.id)!.isLocked;
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      cover: cover ? app.media.present(cover, { unlocked }) : null,
      coverPhotoId: row.coverPhotoId,
      totalPhotos: row.totalPhotos,
      views: row.totalViews,
      performerId: row.performerId,
      ...commonContentFields(urls, ctx, row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function galleries(db: Executor, viewer: Viewer, rows: readonly GalleryRow[]): Promise<Gallery[]> {
    const [ctx, covers] = await readAll(db,
      () => loadPageContext(db, viewer, 'gallery', rows),
      () => galleriesRepository.covers(db, rows.map((r) => r.id)),
    );
    return rows.map((row) => gallery(ctx, row, covers.get(row.id)));
  }

  return {
    photo,
    galleries,

    /** The gallery with every photo in order. */
    async detail(db: Executor, viewer: Viewer, row: GalleryRow): Promise<GalleryDetail> {
      const [[answer], list] = await readAll(db,() => galleries(db, viewer, [row]), () => photosRepository.listByGallery(db, row.id));
      return { ...answer, photos: list.map((p) => photo(p, !answer.isLocked)) };
    },

    /** Photos from several galleries: each locked or not as its gallery is for this viewer. */
    async publicPhotos(db: Executor, viewer: Viewer, rows: readonly PhotoInGallery[]): Promise<PublicPhoto[]> {
      const byId = new Map(rows.map((r) => [r.gallery.id, r.gallery]));
      const access = await resolveAccess(db, viewer, 'gallery', [...byId.values()]);
      return rows.map((r) => {
        const isLocked = access.get(r.gallery.id)!.isLocked;
        return {
          ...photo(r, !isLocked),
          performerId: r.gallery.performerId,
          galleryTitle: r.gallery.title,
          access: r.gallery.access,
          price: r.gallery.access === 'sale' ? r.gallery.priceCents / 100 : 0,
          isLocked,
        };
      });
    },
  };
}
