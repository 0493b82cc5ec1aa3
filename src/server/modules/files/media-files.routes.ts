import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { isValidKey, MEDIA_PREFIX, RangeNotSatisfiableError, type StoredObject } from '../../storage/storage';
import { attachmentDisposition } from '../../media/file-name';
import { parseRangeHeader } from './range-header';

export const LINK_EXPIRED = 'This link has expired';
export const LINK_NOT_VALID = 'This link is not valid';

/**
 * Content files (media_files) by signed URL only: `/files/media/<key after media/>?exp&sig[&dl]`.
 * The signature covers the key, the expiry and the download name. Answers byte ranges (video
 * seeking, audio scrubbing) and lets the browser cache the file only privately and only until
 * the link expires.
 */
export default async function mediaFiles(app: FastifyInstance) {
  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string; dl?: string } }>(
    '/files/media/*',
    {
      schema: {
        summary: 'A content file by its signed URL (from a MediaFileView); supports Range requests',
        tags: ['files'],
        params: Type.Object({ '*': Type.String({ maxLength: 500 }) }),
        querystring: Type.Object({
          exp: Type.Optional(Type.String({ maxLength: 20 })),
          sig: Type.Optional(Type.String({ maxLength: 100 })),
          dl: Type.Optional(Type.String({ maxLength: 300 })),
        }),
      },
      // A player seeking through a video sends a range request per jump; the signature is the gate.
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const key = `${MEDIA_PREFIX}${request.params['*']}`;
      if (!isValidKey(key)) throw forbidden(LINK_NOT_VALID);
      const { exp, dl } = request.query;
      const check = app.media.signer.check(key, request.query);
      if (check === 'invalid') throw forbidden(LINK_NOT_VALID);
      if (check === 'expired') throw forbidden(LINK_EXPIRED);

      const range = parseRangeHeader(request.headers.range);
      let object: StoredObject | null;
      try {
        object = await app.storage.get(key, range ?? undefined);
      } catch (err) {
        if (!(err instanceof RangeNotSatisfiableError)) throw err;
        reply.header('content-range', `bytes */${err.size}`).header('accept-ranges', 'bytes');
        throw new HttpError(416, 'The requested range is outside the file');
      }
      if (!object) throw notFound('File not found');

      reply
        .header('content-type', object.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', `private, max-age=${app.media.signer.secondsLeft(exp!)}`)
        .header('last-modified', object.modifiedAt.toUTCString());
      if (dl) reply.header('content-disposition', attachmentDisposition(dl));
      if (object.range) {
        const { start, end } = object.range;
        reply.status(206).header('content-range', `bytes ${start}-${end}/${object.size}`).header('content-length', end - start + 1);
      } else {
        reply.header('content-length', object.size);
      }
      return reply.send(object.stream);
    },
  );
}
