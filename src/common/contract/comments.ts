import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, Nullable, Ok, Paging, Uuid } from './common';
import { CONTENT_TYPES } from './content';
import { MediaFileView } from './media';
import { UserPublic } from './users';

/** Kinds of content that take comments (the same four that take likes and purchases). */
export const COMMENT_OBJECT_TYPES = CONTENT_TYPES;
export type CommentObjectType = (typeof COMMENT_OBJECT_TYPES)[number];

/** Visible characters of a comment after sanitising (markup not counted). */
export const COMMENT_MAX_LENGTH = 2000;
/** Raw input cap, markup included: room for formatting around the 2000 visible characters. */
export const COMMENT_MAX_INPUT = 10_000;
/** Replies each top-level comment of a page carries; the rest come through `parentId`. */
export const COMMENT_PREVIEW_REPLIES = 3;
/** `media_files.purpose` of a comment's image (uploaded through `uploadImage`, or with the edit form). */
export const COMMENT_IMAGE_PURPOSE = 'comment-image';
/** The file field of `PUT /comments/:id` (spec 7: the edit is an upload). */
export const COMMENT_IMAGE_FIELD = 'image';

/**
 * A comment's picture as its readers get it: signed, short-lived links (MEDIA_URL_TTL_SECONDS) to the
 * re-encoded picture (at most 2048 px, EXIF/GPS gone), its thumbnail (inside 640 px) and the blurred
 * preview, with the picture's size so the page keeps its room before it loads.
 */
export const CommentImage = Type.Object({
  _id: Type.String(),
  url: Type.String(),
  thumbnailUrl: Type.String(),
  blurUrl: Nullable(Type.String()),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
});
export type CommentImage = Static<typeof CommentImage>;

const CommentFields = {
  _id: Type.String(),
  objectType: Type.Enum([...COMMENT_OBJECT_TYPES]),
  objectId: Type.String(),
  /** The comment this one replies to; null for a top-level comment. */
  parentId: Type.Union([Type.String(), Type.Null()]),
  /** Sanitised rich text (src/common/lib/rich-text.ts). */
  text: Type.String(),
  user: UserPublic,
  /** The viewer wrote it (may edit and delete it). */
  isOwner: Type.Boolean(),
  /** The viewer may delete it: its author, the creator of the item, or an admin. */
  canDelete: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  /** Replies to it that everyone can see (always 0 for a reply: one level only). */
  totalReplies: Type.Integer({ minimum: 0 }),
  /**
   * Removed by the moderators: such a comment reaches only its author and operators (the web shows
   * "Removed by the moderators" and the reason, when there is one).
   */
  isHidden: Type.Boolean(),
  hiddenReason: Nullable(Type.String()),
  /** One picture, or null; it reaches exactly those who receive the comment. */
  image: Nullable(CommentImage),
};

export const CommentReply = Type.Object(CommentFields);
export type CommentReply = Static<typeof CommentReply>;

/** A comment; top-level ones in a list carry their first replies, oldest first. */
export const Comment = Type.Object({ ...CommentFields, replies: Type.Optional(Type.Array(CommentReply)) });
export type Comment = Static<typeof Comment>;

const CommentText = Type.String({ minLength: 1, maxLength: COMMENT_MAX_INPUT, description: `Rich text, 1..${COMMENT_MAX_LENGTH} visible characters after sanitising` });

export const CreateCommentBody = Type.Object(
  {
    objectType: Type.Enum([...COMMENT_OBJECT_TYPES]),
    objectId: Uuid(),
    text: CommentText,
    parentId: Type.Optional(Uuid({ description: 'reply to this top-level comment' })),
    /** An image I uploaded through `POST /comments/images/upload` and no other comment carries. */
    fileId: Type.Optional(Uuid({ description: 'attach this image of mine (POST /comments/images/upload)' })),
  },
  { additionalProperties: false },
);
export type CreateCommentBody = Static<typeof CreateCommentBody>;

/**
 * An edit: the text (the same rules as a new comment), and the image kept (nothing said), replaced
 * (a new `image` file in the multipart form) or dropped (`removeImage: true`). The multipart form
 * sends these as text fields (`removeImage=true`); JSON takes the same without a file.
 */
export const UpdateCommentBody = Type.Object(
  {
    text: CommentText,
    removeImage: Type.Optional(Type.Boolean({ description: 'drop the current image (not with a new image file)' })),
  },
  { additionalProperties: false },
);
export type UpdateCommentBody = Static<typeof UpdateCommentBody>;

export const CommentListQuery = Type.Object({
  objectType: Type.Enum([...COMMENT_OBJECT_TYPES]),
  objectId: Uuid(),
  /** Page through the replies of this comment (oldest first) instead of the top-level comments. */
  parentId: Type.Optional(Uuid()),
  ...Paging(10),
});
export type CommentListQuery = Static<typeof CommentListQuery>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const uploadErrors = { ...errors, 413: ErrorBody };

export const commentRoutes = {
  create: defineRoute({
    method: 'POST', url: '/comments', auth: 'required', summary: 'Comment on an item I can open, or reply to a comment', tags: ['comments'],
    schema: { body: CreateCommentBody, response: { 200: Envelope(Comment), ...errors } },
  }),
  list: defineRoute({
    method: 'GET', url: '/comments', auth: 'optional',
    summary: 'Comments on an item, newest first, each with its first replies; or one comment\'s replies (parentId)', tags: ['comments'],
    schema: { querystring: CommentListQuery, response: { 200: ListEnvelope(Comment), ...errors } },
  }),
  uploadImage: defineRoute({
    method: 'POST', url: '/comments/images/upload', auth: 'required', multipart: true, tags: ['comments'],
    summary: 'Upload an image for a comment I am writing (multipart field "file"); send its _id as fileId in POST /comments. Unused uploads go after a day',
    schema: { response: { 200: Envelope(MediaFileView), ...uploadErrors } },
  }),
  update: defineRoute({
    method: 'PUT', url: '/comments/:id', auth: 'required', multipart: true, tags: ['comments'],
    summary: 'Edit my comment (spec 7: an upload): multipart with the text field "text", and a new "image" file that replaces the current one or "removeImage=true"; JSON UpdateCommentBody works too. Nothing changes when any part is refused',
    schema: { params: IdParams, body: UpdateCommentBody, response: { 200: Envelope(Comment), ...uploadErrors } },
  }),
  remove: defineRoute({
    method: 'DELETE', url: '/comments/:id', auth: 'required',
    summary: 'Delete a comment (its author, the item\'s creator or an admin); its replies go with it', tags: ['comments'],
    schema: { params: IdParams, response: { 200: Ok, ...errors } },
  }),
};
