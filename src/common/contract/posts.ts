import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, IdParams, KeyParams, ListEnvelope, ListQuery, Ok } from './common';

/** Static pages (about, terms, privacy...) the footer links to and /page/{slug} shows. */
export const POST_STATUSES = ['published', 'draft'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
/** A page's address: /page/{slug}. */
export const POST_SLUG_PATTERN = '^[a-z0-9-]{1,60}$';
export const POST_SLUG_MESSAGE = 'Slug must be 1 to 60 lower-case letters, digits or hyphens';

/** What the footer and page lists need. */
export const PostSummary = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  ordering: Type.Integer(),
});
export type PostSummary = Static<typeof PostSummary>;

export const Post = Type.Object({
  ...PostSummary.properties,
  /** Sanitised rich text. */
  content: Type.String(),
  status: Type.Enum([...POST_STATUSES]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Post = Static<typeof Post>;

export const PostFields = Type.Object(
  {
    slug: Type.String({ minLength: 1, maxLength: 60, description: POST_SLUG_MESSAGE }),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    /** Rich text; sanitised on write. */
    content: Type.Optional(Type.String({ maxLength: 100_000 })),
    status: Type.Optional(Type.Enum([...POST_STATUSES])),
    /** Footer order, smallest first. */
    ordering: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  },
  { additionalProperties: false },
);
export type PostFields = Static<typeof PostFields>;

const SearchQuery = Type.Object({ ...ListQuery.properties, q: Type.Optional(Type.String({ maxLength: 100 })) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const postRoutes = {
  search: defineRoute({
    method: 'GET', url: '/posts/search', auth: 'none', summary: 'Published pages in footer order; q matches the title', tags: ['posts'],
    schema: { querystring: SearchQuery, response: { 200: ListEnvelope(PostSummary), 400: ErrorBody } },
  }),
  view: defineRoute({
    method: 'GET', url: '/posts/:id', auth: 'optional', summary: 'A published page by id or slug (admins also see drafts)', tags: ['posts'],
    schema: { params: KeyParams, response: { 200: Envelope(Post), 400: ErrorBody, 404: ErrorBody } },
  }),
  adminList: defineRoute({
    method: 'GET', url: '/admin/posts', auth: 'required', roles: ['admin'], summary: 'Every page, drafts included', tags: ['admin'],
    schema: {
      querystring: Type.Object({ ...SearchQuery.properties, status: Type.Optional(Type.Enum([...POST_STATUSES])) }),
      response: { 200: ListEnvelope(Post), ...errors },
    },
  }),
  adminCreate: defineRoute({
    method: 'POST', url: '/admin/posts', auth: 'required', roles: ['admin'], summary: 'Create a page', tags: ['admin'],
    schema: { body: PostFields, response: { 200: Envelope(Post), ...errors, 409: ErrorBody } },
  }),
  adminUpdate: defineRoute({
    method: 'PUT', url: '/admin/posts/:id', auth: 'required', roles: ['admin'], summary: 'Edit a page', tags: ['admin'],
    schema: {
      params: IdParams,
      body: Type.Partial(PostFields, { additionalProperties: false }),
      response: { 200: Envelope(Post), ...errors, 409: ErrorBody },
    },
  }),
  adminRemove: defineRoute({
    method: 'DELETE', url: '/admin/posts/:id', auth: 'required', roles: ['admin'], summary: 'Delete a page', tags: ['admin'],
    schema: { params: IdParams, response: { 200: Ok, ...errors } },
  }),
};
