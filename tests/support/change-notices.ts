import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createUser } from './db';
import { soon } from './second-instance';

const CHANNELS = { accounts: 'account_changed', postParts: 'post_parts_changed' } as const;

/**
 * Resolves once the database's change notices of every write committed so far on the channel of
 * `caches` have reached this process (plugins/change-caches.ts).
 *
 * Why: a process drops what its own write touches before the write runs, and PostgreSQL's notice of
 * the same write arrives over the listening connection a moment later and drops it again (PGlite's
 * arrives at commit). A test that counts the statements of a warm read must start after that notice,
 * or a busy machine lets the late notice drop the entry it just cached and the read costs one more.
 * PostgreSQL delivers notices in commit order, so a sentinel sent now arrives after all of them: a
 * throw-away cache of the same channel holds an entry named by the sentinel, and the notice's arrival
 * drops it.
 */
export async function noticesDelivered(app: FastifyInstance, caches: keyof typeof CHANNELS): Promise<void> {
  const cache = app.changeCaches[caches].create<true>();
  const sentinel = randomUUID();
  cache.set(cache.mark(), sentinel, sentinel, true);
  if (cache.get(sentinel) === undefined) throw new Error(`The ${CHANNELS[caches]} feed is not connected: nothing is cached`);
  await app.db.execute(sql`select pg_notify(${CHANNELS[caches]}, ${sentinel})`);
  const left = await soon(async () => cache.get(sentinel), (value) => value === undefined, 10_000);
  if (left !== undefined) throw new Error(`The ${CHANNELS[caches]} sentinel notice did not arrive within 10 s`);
}

/**
 * The same for the session cache's `auth_changed` feed (plugins/auth.ts), whose cache is not a
 * change cache: a witness session (made by inserts, which notify nothing) is verified until the
 * process keeps it, a sentinel notice names it, and its next verification reading the database
 * says the sentinel, and so every notice committed before it, has arrived.
 */
export async function sessionNoticesDelivered(app: FastifyInstance): Promise<void> {
  const { token, sessionId } = await app.tokens.issue((await createUser(app)).id, false);
  const statementsOfVerify = async () => {
    let sent = 0;
    const stop = app.dbHandle.onStatement(() => { sent += 1; });
    try {
      await app.tokens.verify(token);
    } finally {
      stop();
    }
    return sent;
  };
  if (await soon(statementsOfVerify, (sent) => sent === 0, 10_000) !== 0) throw new Error('The auth_changed feed is not connected: no session is kept');
  await app.db.execute(sql`select pg_notify('auth_changed', ${`s:${sessionId}`})`);
  if (await soon(statementsOfVerify, (sent) => sent > 0, 10_000) === 0) throw new Error('The auth_changed sentinel notice did not arrive within 10 s');
}
