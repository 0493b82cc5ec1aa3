import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, Nullable, Ok, Paging, ViewResult } from './common';
import { AccessInput, ContentAccessFields, ContentAuthor, ContentEngagementFields, ContentModerationFields, ContentPublishFields } from './content';
import { MediaFileStatus, MediaFileView } from './media';

export const VIDEO_TITLE_MAX = 200;
export const VIDEO_DESCRIPTION_MAX = 5000;
export const VIDEO_TAGS_MAX = 20;
export const VIDEO_TAG_MAX = 30;
/** One tag: letters (any script), digits and hyphens; stored lower-cased. */
export const VIDEO_TAG_PATTERN = '^[\\p{L}\\p{N}-]+$';

/** The files of a video a request can send: the main video, its picture and its preview clip. */
export const VIDEO_FILE_FIELDS = ['video', 'thumbnail', 'teaser'] as const;
export type VideoFileField = (typeof VIDEO_FILE_FIELDS)[number];


/**
 * A video as a viewer receives it. `video` is the main file: `url` is a signed, range-capable MP4
 * link only for viewers who may open it and once it is processed (null otherwise; locked viewers
 * get its blurred preview in `thumbnails`). `thumbnail` and `teaser` are the creator's public
 * marketing (shown to everyone who can see the video, locked or not). Null `video` means the file
 * went missing (only its creator and admins can meet such a video).
 */
export const Video = Type.Object({
  _id: Type.String(),
  performerId: Type.String(),
  title: Type.String(),
  /** Plain text. */
  description: Type.String(),
  tags: Type.Array(Type.String()),
  video: Nullable(MediaFileView),
  thumbnail: Nullable(MediaFileView),
  teaser: Nullable(MediaFileView),
  /** Seconds, once the main file is processed. */
  duration: Nullable(Type.Number()),
  performer: ContentAuthor,
  ...ContentAccessFields,
  ...ContentPublishFields,
  ...ContentModerationFields,
  ...ContentEngagementFields,
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Video = Static<typeof Video>;

/**
 * Tags as a JSON array or as one comma-separated string (a multipart form sends text). Each tag is
 * 1..30 letters, digits or hyphens (a leading # is dropped), at most 20, lower-cased, duplicates
 * merged: the server checks and says which tag is wrong.
 */
const Tags = Type.Union([Type.String({ maxLength: 2000 }), Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })]);

/** The text fields of an upload (multipart) and of an edit (JSON, every field optional). */
export const VideoFields = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: VIDEO_TITLE_MAX }),
    description: Type.Optional(Type.String({ maxLength: VIDEO_DESCRIPTION_MAX })),
    tags: Type.Optional(Tags),
    ...AccessInput,
  },
  { additionalProperties: false },
);
export type VideoFields = Static<typeof VideoFields>;

export const VideoEditBody = Type.Partial(VideoFields, { additionalProperties: false });
export type VideoEditBody = Static<typeof VideoEditBody>;

export const RemoveVideoFileBody = Type.Object(
  { type: Type.Enum(['thumbnail', 'teaser', 'video']) },
  { additionalProperties: false },
);
export type RemoveVideoFileBody = Static<typeof RemoveVideoFileBody>;

/** What the client's poller asks while the main file (and the teaser) are processed. */
export const VideoStatus = Type.Object({
  video: Nullable(MediaFileStatus),
  teaser: Nullable(MediaFileStatus),
});
export type VideoStatus = Static<typeof VideoStatus>;

const PageFields = Paging(12);
const Tag = Type.String({ minLength: 1, maxLength: VIDEO_TAG_MAX });

/** `active` = published and live; `scheduled` = published with a publish time ahead; `draft`. */
export const OWN_VIDEO_STATUSES = ['active', 'scheduled', 'draft'] as const;
export const OWN_VIDEO_SORTS = ['updatedAt', 'createdAt', 'title', 'views'] as const;

export const OwnVideoQuery = Type.Object(
  {
    ...PageFields,
    q: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(Type.Enum([...OWN_VIDEO_STATUSES])),
    tag: Type.Optional(Tag),
    sortBy: Type.Optional(Type.Enum([...OWN_VIDEO_SORTS], { default: 'updatedAt' })),
    sort: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
  },
  { additionalProperties: false },
);
export type OwnVideoQuery = Static<typeof OwnVideoQuery>;

/** newest = publish time; popular = views; likes = likes (ties: newest first). */
export const VIDEO_SORTS = ['newest', 'popular', 'likes'] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];

export const VideoSearchQuery = Type.Object(
  {
    ...PageFields,
    performerId: Type.Optional(Type.String({ format: 'uuid' })),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    tag: Type.Optional(Tag),
    sortBy: Type.Optional(Type.Enum([...VIDEO_SORTS], { default: 'newest' })),
  },
  { additionalProperties: false },
);
export type VideoSearchQuery = Static<typeof VideoSearchQuery>;

export const BookmarkQuery = Type.Object({ ...PageFields }, { additionalProperties: false });

export const VideoViewResult = ViewResult;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const creator = { auth: 'required', roles: ['performer'], tags: ['videos'] } as const;
const uploadErrors = { ...errors, 413: ErrorBody, 422: ErrorBody };

export const videoRoutes = {
  upload: defineRoute({
    ...creator, method: 'POST', url: '/performer/performer-assets/videos/upload', multipart: true,
    summary: 'Upload a video (multipart: file "video", optional image "thumbnail" and video "teaser", plus the VideoFields as text); nothing is kept if any part is refused',
    schema: { response: { 200: Envelope(Video), ...uploadErrors } },
  }),
  ownSearch: defineRoute({
    ...creator, method: 'GET', url: '/performer/performer-assets/videos/search', summary: 'My videos, drafts and scheduled ones included',
    schema: { querystring: OwnVideoQuery, response: { 200: ListEnvelope(Video), ...errors } },
  }),
  ownView: defineRoute({
    ...creator, method: 'GET', url: '/performer/performer-assets/videos/:id/view', summary: 'One of my videos, with the processing state of each file',
    schema: { params: IdParams, response: { 200: Envelope(Video), ...errors } },
  }),
  ownStatus: defineRoute({
    ...creator, method: 'GET', url: '/performer/performer-assets/videos/:id/status', summary: 'Processing state of my video\'s main file and teaser',
    schema: { params: IdParams, response: { 200: Envelope(VideoStatus), ...errors } },
  }),
  edit: defineRoute({
    ...creator, method: 'PUT', url: '/performer/performer-assets/videos/edit/:id', multipart: true,
    summary: 'Edit my video: JSON VideoEditBody, or multipart with any of the files "video", "thumbnail", "teaser" (each replaces the old one) plus the same fields as text',
    schema: { params: IdParams, body: VideoEditBody, response: { 200: Envelope(Video), ...uploadErrors } },
  }),
  removeFile: defineRoute({
    ...creator, method: 'DELETE', url: '/performer/performer-assets/videos/remove-file/:id',
    summary: 'Remove my video\'s thumbnail or teaser (the main video can only be replaced)',
    schema: { params: IdParams, body: RemoveVideoFileBody, response: { 200: Envelope(Video), ...errors } },
  }),
  remove: defineRoute({
    ...creator, method: 'DELETE', url: '/performer/performer-assets/videos/:id', summary: 'Delete my video with its files, likes, bookmarks and comments',
    schema: { params: IdParams, response: { 200: Ok, ...errors } },
  }),
  search: defineRoute({
    method: 'GET', url: '/performer-assets/videos/search', auth: 'optional', tags: ['videos'],
    summary: 'Videos I can see (of one creator with performerId or username); locked ones carry previews only',
    schema: { querystring: VideoSearchQuery, response: { 200: ListEnvelope(Video), ...errors } },
  }),
  view: defineRoute({
    method: 'GET', url: '/performer-assets/videos/:id', auth: 'optional', tags: ['videos'],
    summary: 'One video: the playable file when unlocked; thumbnail, teaser, blurred preview and price when locked',
    schema: { params: IdParams, response: { 200: Envelope(Video), ...errors } },
  }),
  countView: defineRoute({
    method: 'POST', url: '/performer-assets/videos/:id/view', auth: 'optional', tags: ['videos'],
    summary: 'Count a view (once per viewer per video per hour; the creator\'s own views are not counted)',
    schema: { params: IdParams, response: { 200: Envelope(VideoViewResult), ...errors } },
  }),
  bookmarks: defineRoute({
    method: 'GET', url: '/reactions/videos/bookmark', auth: 'required', tags: ['reactions'],
    summary: 'Videos I bookmarked, newest bookmark first',
    schema: { querystring: BookmarkQuery, response: { 200: ListEnvelope(Video), ...errors } },
  }),
};
