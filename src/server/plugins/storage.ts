import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../storage/storage';
import { createLocalStorage } from '../storage/local-storage';
import { createS3Storage } from '../storage/s3-storage';
import media from './media';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * File storage: an S3-compatible bucket when S3_BUCKET is set, otherwise local disk under
 * DATA_DIR/uploads. The media pipeline (`app.media`) sits on top of it and is registered here so
 * that everything that stores or serves files is up before the modules that use it.
 */
export default fp(async function storage(app: FastifyInstance) {
  const { config } = app;
  const publicBaseUrl = `${config.apiEndpoint}/files`;
  if (config.s3) {
    const s3 = createS3Storage(config.s3, { publicBaseUrl });
    app.decorate('storage', s3);
    app.addHook('onClose', async () => s3.close());
  } else {
    app.decorate('storage', createLocalStorage({ root: path.join(config.dataDir, 'uploads'), publicBaseUrl }));
  }
  await app.register(media);
}, { name: 'storage', dependencies: ['db', 'settings'] });
