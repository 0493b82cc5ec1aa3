import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { collectAfterCommit } from '../db/after-commit';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbHandle: DatabaseHandle;
  }
}

/**
 * Opens the database (migrations applied) and closes it last on shutdown. Its transactions collect
 * `afterCommit` work (src/server/db/after-commit.ts): pushes and mails run only once a write committed.
 */
export default fp(async function db(app: FastifyInstance, opts: { pgliteTemplate?: Blob; onQuery?: (sql: string) => void }) {
  const { databaseUrl, dataDir } = app.config;
  const handle = await openDatabase({
    databaseUrl, dataDir, pgliteTemplate: opts.pgliteTemplate, onQuery: opts.onQuery,
    guardTransactions: app.config.env !== 'production',
    onIdleError: (err) => app.log.warn({ err }, 'idle database connection failed'),
  });
  collectAfterCommit(handle.db, (err) => app.log.error({ err }, 'work after a commit failed'));
  app.decorate('db', handle.db);
  app.decorate('dbHandle', handle);
  app.addHook('onClose', async () => {
    await handle.close();
  });
}, { name: 'db' });
