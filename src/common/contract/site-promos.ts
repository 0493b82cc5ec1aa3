import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, ListQuery, Ok } from './common';

export const PROMO_POSITIONS = ['landing', 'home'] as const;
/** A site path ("/creator") or an http(s) URL; empty for a banner that links nowhere. */
export const PROMO_HREF_PATTERN = '^(/[^\\s]*|https?://[^\\s]+)?$';
export const PROMO_LIMITS = { title: 120, description: 500, href: 500, ordering: 10_000 } as const;
const Href = Type.String({ pattern: PROMO_HREF_PATTERN, maxLength: PROMO_LIMITS.href });

export const SitePromo = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  imageUrl: Type.String(),
  href: Type.String(),
  position: Type.String(),
  ordering: Type.Integer(),
  active: Type.Boolean(),
  startsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  endsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type SitePromo = Static<typeof SitePromo>;

export const SitePromoFields = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: PROMO_LIMITS.title }),
    description: Type.Optional(Type.String({ maxLength: PROMO_LIMITS.description })),
    href: Type.Optional(Href),
    position: Type.Optional(Type.Enum([...PROMO_POSITIONS])),
    ordering: Type.Optional(Type.Integer({ minimum: 0, maximum: PROMO_LIMITS.ordering })),
    active: Type.Optional(Type.Boolean()),
    startsAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    endsAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  },
  { additionalProperties: false },
);

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const sitePromoRoutes = {
  search: defineRoute({
    method: 'GET', url: '/site-promo/search', auth: 'none', summary: 'Active promo banners, in display order', tags: ['site-promo'],
    schema: {
      querystring: Type.Object({ ...ListQuery.properties, position: Type.Optional(Type.Enum([...PROMO_POSITIONS])) }),
      response: { 200: ListEnvelope(SitePromo), 400: ErrorBody },
    },
  }),
  adminList: defineRoute({
    method: 'GET', url: '/admin/site-promos', auth: 'required', roles: ['admin'], summary: 'Every promo, active or not', tags: ['admin'],
    schema: { querystring: ListQuery, response: { 200: ListEnvelope(SitePromo), ...errors } },
  }),
  adminCreate: defineRoute({
    method: 'POST', url: '/admin/site-promos', auth: 'required', roles: ['admin'], multipart: true,
    summary: 'Create a promo (multipart: field "image" plus the SitePromoFields as form fields)', tags: ['admin'],
    schema: { response: { 200: Envelope(SitePromo), ...errors, 413: ErrorBody } },
  }),
  adminUpdate: defineRoute({
    method: 'PUT', url: '/admin/site-promos/:id', auth: 'required', roles: ['admin'], summary: 'Edit a promo', tags: ['admin'],
    schema: { params: IdParams, body: Type.Partial(SitePromoFields, { additionalProperties: false }), response: { 200: Envelope(SitePromo), ...errors } },
  }),
  adminReplaceImage: defineRoute({
    method: 'PUT', url: '/admin/site-promos/:id/image', auth: 'required', roles: ['admin'], multipart: true,
    summary: 'Replace the banner image of a promo (multipart: field "image")', tags: ['admin'],
    schema: { params: IdParams, response: { 200: Envelope(SitePromo), ...errors, 413: ErrorBody } },
  }),
  adminRemove: defineRoute({
    method: 'DELETE', url: '/admin/site-promos/:id', auth: 'required', roles: ['admin'], summary: 'Delete a promo', tags: ['admin'],
    schema: { params: IdParams, response: { 200: Ok, ...errors } },
  }),
};
