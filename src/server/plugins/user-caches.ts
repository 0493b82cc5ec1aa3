import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createUserCache, type UserCache } from '../db/user-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-account caches kept fresh by the database's `account_changed` feed (db/user-cache.ts). */
    userCaches: { create<T>(options?: { maxEntries?: number }): UserCache<T> };
  }
}

/** One LISTEN and one statement hook for every per-account cache of this process. */
export default fp(async function userCaches(app: FastifyInstance) {
  const caches = new Set<UserCache<unknown>>();
  let live = false;
  let closing = false;
  const stop = await app.dbHandle.listen(
    'account_changed',
    (accountId) => caches.forEach((cache) => cache.changed(accountId)),
    (connected) => {
      if (!connected && !closing) app.log.warn('account change feed lost: accounts and profiles are read from the database until it is back');
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
  app.decorate('userCaches', {
    create<T>(options?: { maxEntries?: number }) {
      const cache = createUserCache<T>(options);
      cache.setLive(live);
      caches.add(cache as UserCache<unknown>);
      return cache;
    },
  });
}, { name: 'user-caches', dependencies: ['db'] });
