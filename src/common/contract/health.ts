import { Type } from 'typebox';
import { defineRoute, Envelope, ErrorBody } from './common';

export const healthRoutes = {
  live: defineRoute({
    method: 'GET', url: '/healthz', auth: 'none', summary: 'The process is up', tags: ['health'],
    schema: { response: { 200: Envelope(Type.Object({ status: Type.Literal('ok') })) } },
  }),
  ready: defineRoute({
    method: 'GET', url: '/readyz', auth: 'none', summary: 'The database answers', tags: ['health'],
    schema: {
      response: {
        200: Envelope(Type.Object({ status: Type.Literal('ok'), database: Type.String() })),
        503: ErrorBody,
      },
    },
  }),
};
