import type { Gallery, GalleryDetail, GalleryPhoto } from '@/common/contract/galleries';
import type { MediaFileView } from '@/common/contract/media';

let seq = 0;
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const CREATOR_ID = uuid(9000);

/** Signed URLs as the API makes them: main files under `/main.`, thumbnails and previews beside. */
export function makeFile(locked: boolean, n = ++seq): MediaFileView {
  const base = `http://api.test/files/media/${CREATOR_ID}/${uuid(n)}`;
  return {
    _id: uuid(n), type: 'gallery-photo', kind: 'image', status: 'ready', failureReason: null,
    url: locked ? null : `${base}/main.jpg?sig=x`,
    thumbnails: [locked ? `${base}/preview.webp?sig=x` : `${base}/thumb.webp?sig=x`],
    preview: `${base}/preview.webp?sig=x`,
    width: 800, height: 600, duration: null, mimeType: 'image/jpeg', size: 1000, name: `p${n}.jpg`, isLocked: locked,
  };
}

export function makePhoto(locked: boolean, overrides: Partial<GalleryPhoto> = {}): GalleryPhoto {
  seq += 1;
  return { _id: uuid(seq), galleryId: uuid(1), title: `Photo title ${seq}`, position: 0, file: makeFile(locked), createdAt: '2025-01-01T00:00:00.000Z', ...overrides };
}

export function makeGallery(overrides: Partial<Gallery> = {}): Gallery {
  seq += 1;
  const locked = overrides.isLocked ?? false;
  return {
    _id: uuid(seq),
    title: `Gallery ${seq}`,
    description: '',
    cover: makeFile(locked),
    coverPhotoId: null,
    totalPhotos: 2,
    views: 3,
    performerId: CREATOR_ID,
    performer: { _id: CREATOR_ID, name: 'Aurora', username: 'aurora', avatar: '', isPerformer: true, createdAt: '2025-01-01T00:00:00.000Z' },
    access: 'free',
    price: 0,
    isLocked: locked,
    unlockedBy: locked ? null : 'free',
    isSubscribed: false,
    isBought: false,
    status: 'active',
    publishAt: '2025-02-01T00:00:00.000Z',
    isScheduled: false,
    isHidden: false,
    hiddenReason: null,
    stats: { likes: 1, bookmarks: 2, comments: 0, views: 3 },
    isLiked: false,
    isBookmarked: false,
    createdAt: '2025-02-01T00:00:00.000Z',
    updatedAt: '2025-02-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<GalleryDetail> = {}): GalleryDetail {
  const gallery = makeGallery(overrides);
  const photos = overrides.photos ?? [
    makePhoto(gallery.isLocked, { galleryId: gallery._id, position: 0, title: 'First light' }),
    makePhoto(gallery.isLocked, { galleryId: gallery._id, position: 1, title: 'Second wave' }),
  ];
  return { ...gallery, photos, cover: photos[0]?.file ?? null };
}
