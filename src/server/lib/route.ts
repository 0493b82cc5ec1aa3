import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { RouteDef, RouteSchema } from '../../common/contract/common';
import { authorize } from '../plugins/auth';

type In<T> = T extends TSchema ? Static<T> : unknown;
type Out<S extends RouteSchema> = { [K in keyof S['response']]: In<S['response'][K]> }[keyof S['response']];

export type RouteRequest<S extends RouteSchema> = FastifyRequest<{
  Body: In<S['body']>;
  Querystring: In<S['querystring']>;
  Params: In<S['params']>;
}>;

export type RouteHandler<S extends RouteSchema> = (
  request: RouteRequest<S>,
  reply: FastifyReply,
) => Promise<Out<S> | FastifyReply>;

/** Route-schema key of a body that is documented but not validated by Fastify (multipart routes). */
export const DOC_ONLY_BODY = 'x-doc-only-body';

/**
 * Registers a handler for a contract route: its schemas validate input and filter output, its
 * `auth`/`roles` run first (before parsing); `rateLimit: 'auth'` applies the strict auth limit and
 * `'none'` exempts static, cacheable reads (flags) that a page may request dozens of at once.
 */
export function addRoute<S extends RouteSchema>(
  app: FastifyInstance,
  def: RouteDef<S> & { rateLimit?: 'auth' | 'none' },
  handler: RouteHandler<S>,
) {
  const { body, ...rest } = def.schema;
  app.route({
    method: def.method,
    url: def.url,
    schema: {
      ...rest,
      // A multipart route's form is read by its handler, not by Fastify, so its body schema only
      // documents it (DOC_ONLY_BODY, turned into the OpenAPI request body by plugins/docs.ts); a
      // route whose contract names a body takes that as JSON too.
      ...(def.multipart
        ? { consumes: body ? ['multipart/form-data', 'application/json'] : ['multipart/form-data'], [DOC_ONLY_BODY]: body ?? { type: 'object' } }
        : body ? { body } : {}),
      summary: def.summary,
      tags: [...def.tags],
      ...(def.auth !== 'none' || def.roles ? { security: [{ token: [] }] } : {}),
      ...(def.idempotent ? { description: 'Send an `Idempotency-Key` header to make retries safe: a repeat gets the first answer.' } : {}),
    },
    config:
      def.rateLimit === 'auth' ? { rateLimit: app.authRateLimit } : def.rateLimit === 'none' ? { rateLimit: false } : {},
    // Who may call it is settled from the headers alone, before the body is read or validated:
    // an anonymous or wrong-role caller gets its 401/403 whatever it sent, and no upload is parsed for it.
    onRequest: async (request) => authorize(app, request, def),
    ...(def.idempotent ? { preHandler: app.idempotency.preHandler } : {}),
    ...(def.idempotent ? { onSend: app.idempotency.onSend } : {}),
    handler: handler as never,
  });
}
