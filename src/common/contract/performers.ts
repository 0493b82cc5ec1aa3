import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody } from './common';

/** The public face of a creator. The creator-profile issue extends it with attributes, prices and stats. */
export const PerformerPublic = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.String(),
  cover: Type.String(),
  bio: Type.String(),
  country: Type.Union([Type.String(), Type.Null()]),
  verifiedDocument: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type PerformerPublic = Static<typeof PerformerPublic>;

export const performerRoutes = {
  view: defineRoute({
    method: 'GET', url: '/performers/:id', auth: 'optional', summary: 'A performer by username or id', tags: ['performers'],
    schema: {
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
      response: { 200: Envelope(PerformerPublic), 404: ErrorBody },
    },
  }),
};
