import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createChangeCache, type ChangeCache, type ChangeTables } from '../db/change-cache';

/** Makes caches fed by one change channel of the database (db/change-cache.ts). */
export interface ChangeCacheFactory {
  create<T>(options?: { maxEntries?: number }): ChangeCache<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Per-process caches kept fresh by the database's change notices: `accounts` by
     * `account_changed` (an account's own view, a creator's profile), `postParts` by
     * `post_parts_changed` (a post's files, covers and poll).
     */
    changeCaches: { accounts: ChangeCacheFactory; postParts: ChangeCacheFactory };
  }
}

/**
 * The tables of each channel, with the columns a write names the notified ids by. Accounts: the
 * account's id, or its wallet's ledger account id (the ledger moves a balance by it; entries
 * register it as an alias). Post parts: the post's id (its file list), a file's id, a poll's id, or
 * one of its options' ids (a vote counts on the option by its id; entries register them as aliases).
 */
const ACCOUNT_TABLES: ChangeTables = {
  users: ['id'],
  performers: ['user_id'],
  auth_tokens: ['user_id'],
  ledger_accounts: ['owner_id', 'id'],
};
const POST_PART_TABLES: ChangeTables = {
  feed_files: ['feed_id'],
  media_files: ['id'],
  polls: ['id'],
  poll_options: ['poll_id', 'id'],
};

/** One LISTEN and one statement hook for every cache of a channel. */
async function channelCaches(app: FastifyInstance, channel: string, tables: ChangeTables, what: string): Promise<ChangeCacheFactory> {
  const caches = new Set<ChangeCache<unknown>>();
  let live = false;
  let closing = false;
  const stop = await app.dbHandle.listen(
    channel,
    (id) => caches.forEach((cache) => cache.changed(id)),
    (connected) => {
      if (!connected && !closing) app.log.warn(`${channel} feed lost: ${what} are read from the database until it is back`);
      live = connected;
      caches.forEach((cache) => cache.setLive(connected));
    },
  );
  const stopWatching = app.dbHandle.onStatement((statement, params) => caches.forEach((cache) => cache.wrote(statement, params)));
  app.addHook('onClose', async () => {
    closing = true;
    stopWatching();
    await stop();
  });
  return {
    create<T>(options?: { maxEntries?: number }) {
      const cache = createChangeCache<T>(tables, options);
      cache.setLive(live);
      caches.add(cache as ChangeCache<unknown>);
      return cache;
    },
  };
}

export default fp(async function changeCaches(app: FastifyInstance) {
  app.decorate('changeCaches', {
    accounts: await channelCaches(app, 'account_changed', ACCOUNT_TABLES, 'accounts and profiles'),
    postParts: await channelCaches(app, 'post_parts_changed', POST_PART_TABLES, 'posts\' files and polls'),
  });
}, { name: 'change-caches', dependencies: ['db'] });
