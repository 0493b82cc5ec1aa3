import { Type, type Static } from 'typebox';
import { ACCESS_LEVELS, CONTENT_STATUSES, CONTENT_TYPES } from './content';
import { DateTime, defineRoute, Envelope, ErrorBody, ListEnvelope, ListQuery, Nullable, Uuid } from './common';
import { UserPublic } from './users';

/** What operators search and moderate: the four kinds of content, and comments on them. */
export const ADMIN_CONTENT_TYPES = [...CONTENT_TYPES, 'comment'] as const;
export type AdminContentType = (typeof ADMIN_CONTENT_TYPES)[number];

export const ADMIN_CONTENT_TYPE_LABELS: Record<AdminContentType, string> = {
  feed: 'Posts',
  video: 'Videos',
  gallery: 'Galleries',
  product: 'Products',
  comment: 'Comments',
};

export const ADMIN_CONTENT_SORTS = ['createdAt', 'updatedAt'] as const;

/** The reason a creator (or a comment's author) is told; plain text. */
export const HIDE_REASON_MAX = 500;

/** Where an item opens in the web app. */
export const Link = Type.Object({
  type: Type.Enum([...CONTENT_TYPES]),
  id: Type.String(),
  /** Its page: /post/<id>, /video/<id>, /gallery/<id>, /product/<id>. */
  path: Type.String(),
  /** Its title or the start of its text; null when the item is gone. */
  title: Nullable(Type.String()),
});
export type Link = Static<typeof Link>;

/**
 * One row of the operators' content search. `title` is the title (video, gallery), the name
 * (product) or the start of the text, markup left out (post, comment). `creator` is whoever wrote
 * it: the creator of an item, the author of a comment. A comment opens on the item it is on (`on`).
 */
export const AdminContentItem = Type.Object({
  _id: Type.String(),
  type: Type.Enum([...ADMIN_CONTENT_TYPES]),
  title: Type.String(),
  creator: Nullable(UserPublic),
  /** Content only (null for comments): draft or active; `isScheduled` when its time is still ahead. */
  status: Nullable(Type.Enum([...CONTENT_STATUSES])),
  isScheduled: Type.Boolean(),
  access: Nullable(Type.Enum([...ACCESS_LEVELS])),
  /** Tokens for items on sale (products always), else 0. */
  price: Type.Number({ minimum: 0 }),
  isHidden: Type.Boolean(),
  hiddenReason: Nullable(Type.String()),
  hiddenAt: Nullable(DateTime),
  stats: Type.Object({
    likes: Type.Integer({ minimum: 0 }),
    comments: Type.Integer({ minimum: 0 }),
    /** Views (videos, galleries), units sold (products), replies (comments); 0 for posts. */
    other: Type.Integer({ minimum: 0 }),
  }),
  /** The page that shows it (for a comment, the item's page). */
  path: Type.String(),
  /** Comments only: the item it is on. */
  on: Nullable(Link),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type AdminContentItem = Static<typeof AdminContentItem>;

export const AdminContentQuery = Type.Object(
  {
    ...ListQuery.properties,
    type: Type.Enum([...ADMIN_CONTENT_TYPES]),
    /** Words of the title or text (case-insensitive, `%` and `_` taken literally). */
    q: Type.Optional(Type.String({ maxLength: 100 })),
    /** The creator: whose item it is, or for comments the creator of the item they are on. */
    performerId: Type.Optional(Uuid()),
    hidden: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AdminContentQuery = Static<typeof AdminContentQuery>;

export const AdminContentParams = Type.Object({
  type: Type.Enum([...ADMIN_CONTENT_TYPES]),
  id: Uuid(),
});

export const HideContentBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: HIDE_REASON_MAX, description: 'Plain text; the creator is told it' }) },
  { additionalProperties: false },
);
export type HideContentBody = Static<typeof HideContentBody>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const adminContentRoutes = {
  search: defineRoute({
    method: 'GET', url: '/admin/content', auth: 'required', roles: ['admin'],
    summary: 'Search posts, videos, galleries, products or comments across creators (type required; q, performerId, hidden; sortBy createdAt|updatedAt)',
    tags: ['admin'],
    schema: { querystring: AdminContentQuery, response: { 200: ListEnvelope(AdminContentItem), ...errors } },
  }),
  hide: defineRoute({
    method: 'POST', url: '/admin/content/:type/:id/hide', auth: 'required', roles: ['admin'],
    summary: 'Hide an item or a comment: 404 to everyone but its creator and operators; its creator is emailed the reason',
    tags: ['admin'],
    schema: { params: AdminContentParams, body: HideContentBody, response: { 200: Envelope(AdminContentItem), ...errors, 409: ErrorBody } },
  }),
  unhide: defineRoute({
    method: 'POST', url: '/admin/content/:type/:id/unhide', auth: 'required', roles: ['admin'],
    summary: 'Show a hidden item or comment again', tags: ['admin'],
    schema: { params: AdminContentParams, response: { 200: Envelope(AdminContentItem), ...errors, 409: ErrorBody } },
  }),
};
