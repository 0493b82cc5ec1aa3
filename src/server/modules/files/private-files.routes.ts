import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { forbidden, notFound } from '../../lib/http-error';
import { isValidKey, PRIVATE_PREFIX } from '../../storage/storage';
import { LINK_EXPIRED, LINK_NOT_VALID } from './media-files.routes';

/**
 * Private files (identity documents, selfies, a person's data export) by signed URL only: `/files/private/<key after
 * private/>?exp&sig`. Only operators' answers carry such URLs (`app.media.privateSigner`, a few
 * minutes each); the path can name nothing outside `private/` (the prefix is added here and `..`
 * is refused), and a signature made for a content file does not open it (another HMAC key).
 * Never cached: not by the browser beyond the page, not by anything in between.
 */
export default async function privateFiles(app: FastifyInstance) {
  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string; dl?: string } }>(
    '/files/private/*',
    {
      schema: {
        summary: 'An identity document or selfie by the short-lived signed URL an operator\'s verification queue gives',
        tags: ['files'],
        params: Type.Object({ '*': Type.String({ maxLength: 500 }) }),
        querystring: Type.Object({
          exp: Type.Optional(Type.String({ maxLength: 20 })),
          sig: Type.Optional(Type.String({ maxLength: 100 })),
          dl: Type.Optional(Type.String({ maxLength: 200 })),
        }),
      },
    },
    async (request, reply) => {
      const key = `${PRIVATE_PREFIX}${request.params['*']}`;
      if (!isValidKey(key)) throw forbidden(LINK_NOT_VALID);
      const { exp, sig, dl } = request.query;
      const check = app.media.privateSigner.check(key, { exp, sig, dl });
      if (check === 'invalid') throw forbidden(LINK_NOT_VALID);
      if (check === 'expired') throw forbidden(LINK_EXPIRED);
      const object = await app.storage.get(key);
      if (!object) throw notFound('File not found');
      // A signed download name (data exports) makes the file an attachment; it is part of the signature.
      if (dl) reply.header('content-disposition', `attachment; filename="${dl.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(object.stream);
    },
  );
}
