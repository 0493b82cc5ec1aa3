import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, Ok, Paging, Uuid } from './common';
import {
  AccessInput, ACCESS_LEVELS, CONTENT_STATUSES, ContentAccessFields, ContentAuthor, ContentEngagementFields, ContentPublishFields, ContentModerationFields,
} from './content';
import { MediaFileView } from './media';

export const GALLERY_TITLE_MAX = 100;
export const GALLERY_DESCRIPTION_MAX = 2000;
export const PHOTO_TITLE_MAX = 100;
/** The purpose (MediaFileView `type`) of every gallery photo file. */
export const GALLERY_PHOTO_PURPOSE = 'gallery-photo';

export const GALLERY_SORTS = ['updatedAt', 'createdAt', 'title'] as const;


/** One photo of a gallery. Locked: `file` has no url and its thumbnails are the blurred preview. */
export const GalleryPhoto = Type.Object({
  _id: Type.String(),
  galleryId: Type.String(),
  title: Type.String(),
  /** 0-based place in the gallery; photos are listed in this order. */
  position: Type.Integer({ minimum: 0 }),
  file: MediaFileView,
  createdAt: Type.String({ format: 'date-time' }),
});
export type GalleryPhoto = Static<typeof GalleryPhoto>;

/**
 * A gallery as lists show it. `cover` is the chosen cover photo, else the first photo (null for
 * an empty gallery); locked viewers get its blurred preview only. `views` = `stats.views`.
 */
export const Gallery = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  /** Plain text; line breaks are the creator's. */
  description: Type.String(),
  cover: Type.Union([MediaFileView, Type.Null()]),
  /** The photo chosen as cover; null = the first photo is shown. */
  coverPhotoId: Type.Union([Type.String(), Type.Null()]),
  totalPhotos: Type.Integer({ minimum: 0 }),
  views: Type.Integer({ minimum: 0 }),
  performerId: Type.String(),
  performer: ContentAuthor,
  ...ContentAccessFields,
  ...ContentPublishFields,
  ...ContentModerationFields,
  ...ContentEngagementFields,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Gallery = Static<typeof Gallery>;

/** A gallery with every photo, in order (locked: blurred previews only, never a photo's own URL). */
export const GalleryDetail = Type.Object({ ...Gallery.properties, photos: Type.Array(GalleryPhoto) });
export type GalleryDetail = Static<typeof GalleryDetail>;

/** A photo in a creator's photo list: which gallery it belongs to and whether it is locked for the viewer. */
export const PublicPhoto = Type.Object({
  ...GalleryPhoto.properties,
  performerId: Type.String(),
  galleryTitle: Type.String(),
  access: Type.Enum([...ACCESS_LEVELS]),
  /** Token price of the gallery when it is for sale, else 0. */
  price: Type.Number({ minimum: 0 }),
  isLocked: Type.Boolean(),
});
export type PublicPhoto = Static<typeof PublicPhoto>;

const GalleryText = {
  title: Type.String({ minLength: 1, maxLength: GALLERY_TITLE_MAX }),
  description: Type.Optional(Type.String({ maxLength: GALLERY_DESCRIPTION_MAX })),
};

export const CreateGalleryBody = Type.Object({ ...GalleryText, ...AccessInput }, { additionalProperties: false });
export type CreateGalleryBody = Static<typeof CreateGalleryBody>;

/** Every field optional: what is left out stays as it is. */
export const UpdateGalleryBody = Type.Object(
  {
    title: Type.Optional(GalleryText.title),
    description: GalleryText.description,
    access: Type.Optional(AccessInput.access),
    price: AccessInput.price,
    status: AccessInput.status,
    publishAt: AccessInput.publishAt,
  },
  { additionalProperties: false },
);
export type UpdateGalleryBody = Static<typeof UpdateGalleryBody>;

const PageFields = Paging(12);

export const MyGalleriesQuery = Type.Object({
  ...PageFields,
  q: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.Enum([...CONTENT_STATUSES])),
  sortBy: Type.Optional(Type.Enum([...GALLERY_SORTS], { default: 'updatedAt' })),
  sort: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
});
export type MyGalleriesQuery = Static<typeof MyGalleriesQuery>;

export const GallerySearchQuery = Type.Object({
  ...PageFields,
  q: Type.Optional(Type.String({ maxLength: 100 })),
  performerId: Type.Optional(Uuid()),
  /** The creator by username, when the id is not at hand. */
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type GallerySearchQuery = Static<typeof GallerySearchQuery>;

export const MyPhotosQuery = Type.Object({ ...PageFields, galleryId: Type.Optional(Uuid()) });
export type MyPhotosQuery = Static<typeof MyPhotosQuery>;

export const PhotoListQuery = Type.Object({ ...PageFields, performerId: Type.Optional(Uuid()) });
export type PhotoListQuery = Static<typeof PhotoListQuery>;

export const PerformerPhotosParams = Type.Object({ performerId: Uuid() });

export const BookmarkListQuery = Type.Object(PageFields);

/** Multipart text fields of a photo upload (besides the `file` part). */
export const PhotoUploadFields = Type.Object(
  { galleryId: Uuid(), title: Type.Optional(Type.String({ maxLength: PHOTO_TITLE_MAX })) },
  { additionalProperties: false },
);
export type PhotoUploadFields = Static<typeof PhotoUploadFields>;

export const UpdatePhotoBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: PHOTO_TITLE_MAX })),
    /** New 0-based place; past the end means last. */
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    /** Move the photo into another of my galleries (at the end, or at `position`). */
    galleryId: Type.Optional(Uuid()),
  },
  { additionalProperties: false },
);
export type UpdatePhotoBody = Static<typeof UpdatePhotoBody>;

export const GalleryView = Type.Object({
  /** The gallery's view count after this request. */
  views: Type.Integer({ minimum: 0 }),
  /** False when this viewer's view was already counted within the hour (or the viewer is the creator). */
  counted: Type.Boolean(),
});
export type GalleryView = Static<typeof GalleryView>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const writeErrors = { ...errors, 413: ErrorBody, 422: ErrorBody };
const creator = { auth: 'required', roles: ['performer'], tags: ['galleries'] } as const;
const pub = { auth: 'optional', tags: ['galleries'] } as const;

export const galleryRoutes = {
  create: defineRoute({
    ...creator, method: 'POST', url: '/performer/performer-assets/galleries', summary: 'Create a gallery',
    schema: { body: CreateGalleryBody, response: { 200: Envelope(Gallery), ...writeErrors } },
  }),
  mine: defineRoute({
    ...creator, method: 'GET', url: '/performer/performer-assets/galleries/search', summary: 'My galleries, drafts and scheduled included',
    schema: { querystring: MyGalleriesQuery, response: { 200: ListEnvelope(Gallery), ...errors } },
  }),
  update: defineRoute({
    ...creator, method: 'PUT', url: '/performer/performer-assets/galleries/:id', summary: 'Edit my gallery',
    schema: { params: IdParams, body: UpdateGalleryBody, response: { 200: Envelope(Gallery), ...writeErrors } },
  }),
  remove: defineRoute({
    ...creator, method: 'DELETE', url: '/performer/performer-assets/galleries/:id', summary: 'Delete my gallery with its photos, likes and comments',
    schema: { params: IdParams, response: { 200: Ok, ...errors } },
  }),
  mineDetail: defineRoute({
    ...creator, method: 'GET', url: '/performer/performer-assets/galleries/:id/view', summary: 'My gallery with all its photos',
    schema: { params: IdParams, response: { 200: Envelope(GalleryDetail), ...errors } },
  }),
  uploadPhoto: defineRoute({
    ...creator, method: 'POST', url: '/performer/performer-assets/photos/upload', multipart: true,
    summary: 'Add a photo to my gallery (multipart: file, galleryId, optional title); it goes last',
    schema: { response: { 200: Envelope(GalleryPhoto), ...writeErrors } },
  }),
  myPhotos: defineRoute({
    ...creator, method: 'GET', url: '/performer/performer-assets/photos/search', summary: 'My photos, optionally of one gallery',
    schema: { querystring: MyPhotosQuery, response: { 200: ListEnvelope(GalleryPhoto), ...errors } },
  }),
  updatePhoto: defineRoute({
    ...creator, method: 'PUT', url: '/performer/performer-assets/photos/:id', summary: 'Rename, reorder or move my photo',
    schema: { params: IdParams, body: UpdatePhotoBody, response: { 200: Envelope(GalleryPhoto), ...writeErrors } },
  }),
  removePhoto: defineRoute({
    ...creator, method: 'DELETE', url: '/performer/performer-assets/photos/:id', summary: 'Delete my photo and its file',
    schema: { params: IdParams, response: { 200: Ok, ...errors } },
  }),
  setCover: defineRoute({
    ...creator, method: 'POST', url: '/performer/performer-assets/photos/set-cover/:id', summary: 'Make my photo its gallery\'s cover',
    schema: { params: IdParams, response: { 200: Envelope(Gallery), ...errors } },
  }),
  search: defineRoute({
    ...pub, method: 'GET', url: '/performer-assets/galleries/search', summary: 'Galleries I may see, newest first',
    schema: { querystring: GallerySearchQuery, response: { 200: ListEnvelope(Gallery), ...errors } },
  }),
  detail: defineRoute({
    ...pub, method: 'GET', url: '/performer-assets/galleries/:id', summary: 'A gallery with its photos (locked: blurred previews only)',
    schema: { params: IdParams, response: { 200: Envelope(GalleryDetail), ...errors } },
  }),
  view: defineRoute({
    ...pub, method: 'POST', url: '/performer-assets/galleries/:id/view', summary: 'Count a view (once per viewer per gallery per hour)',
    schema: { params: IdParams, response: { 200: Envelope(GalleryView), ...errors } },
  }),
  performerPhotos: defineRoute({
    ...pub, method: 'GET', url: '/performer-assets/photos/:performerId', summary: 'A creator\'s photos across the galleries I may see',
    schema: { params: PerformerPhotosParams, querystring: Type.Object(PageFields), response: { 200: ListEnvelope(PublicPhoto), ...errors } },
  }),
  photos: defineRoute({
    ...pub, method: 'GET', url: '/performer-assets/photos', summary: 'Photos across the galleries I may see (filter performerId)',
    schema: { querystring: PhotoListQuery, response: { 200: ListEnvelope(PublicPhoto), ...errors } },
  }),
  bookmarks: defineRoute({
    method: 'GET', url: '/reactions/galleries/bookmark', auth: 'required', tags: ['reactions'], summary: 'Galleries I bookmarked, newest bookmark first',
    schema: { querystring: BookmarkListQuery, response: { 200: ListEnvelope(Gallery), ...errors } },
  }),
};
