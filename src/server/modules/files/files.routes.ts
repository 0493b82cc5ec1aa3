import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../lib/http-error';
import { PUBLIC_PREFIX, isPublicKey } from '../../storage/storage';
import mediaFiles from './media-files.routes';
import privateFiles from './private-files.routes';

/**
 * Public files (avatars, covers) straight from storage. Only keys under `public/` are reachable
 * here; content files under `media/` only by signed URL (media-files.routes.ts); identity
 * documents and selfies live under `private/`, reachable only by the operators' short-lived signed
 * URLs (private-files.routes.ts). Public keys hold a random id
 * and are never overwritten, so browsers and CDNs may cache them for good.
 */
export default async function files(app: FastifyInstance) {
  await app.register(mediaFiles);
  await app.register(privateFiles);

  app.get<{ Params: { '*': string } }>(
    '/files/public/*',
    {
      schema: {
        summary: 'A public file (avatar, cover) by its storage key',
        tags: ['files'],
        params: Type.Object({ '*': Type.String({ maxLength: 500 }) }),
      },
    },
    async (request, reply) => {
      const key = `${PUBLIC_PREFIX}${request.params['*']}`;
      const object = isPublicKey(key) ? await app.storage.get(key) : null;
      if (!object) throw notFound('File not found');
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('last-modified', object.modifiedAt.toUTCString())
        .send(object.stream);
    },
  );
}
