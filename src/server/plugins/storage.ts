import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../storage/storage';
import { createLocalStorage } from '../storage/local-storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** File storage: local disk under DATA_DIR/uploads (an S3 implementation can replace it here). */
export default fp(async function storage(app: FastifyInstance) {
  app.decorate(
    'storage',
    createLocalStorage({ root: path.join(app.config.dataDir, 'uploads'), publicBaseUrl: `${app.config.apiEndpoint}/files` }),
  );
}, { name: 'storage' });
