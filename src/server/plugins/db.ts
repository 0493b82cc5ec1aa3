import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbHandle: DatabaseHandle;
  }
}

/** Opens the database (migrations applied) and closes it last on shutdown. */
export default fp(async function db(app: FastifyInstance, opts: { pgliteTemplate?: Blob }) {
  const { databaseUrl, dataDir } = app.config;
  const handle = await openDatabase({
    databaseUrl, dataDir, pgliteTemplate: opts.pgliteTemplate,
    onIdleError: (err) => app.log.warn({ err }, 'idle database connection failed'),
  });
  app.decorate('db', handle.db);
  app.decorate('dbHandle', handle);
  app.addHook('onClose', async () => {
    await handle.close();
  });
}, { name: 'db' });
