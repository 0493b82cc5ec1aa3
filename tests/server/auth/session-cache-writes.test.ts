import { createSessionCache, type CachedSession } from '../../../src/server/modules/auth/session-cache';

/**
 * This process's own writes to `users` and `sessions` drop the cached sessions they may touch before
 * they run (session-cache.ts `wrote`), so the writer's next request never depends on the
 * notification's timing.
 */
const entry = (sessionId: string, userId: string): Omit<CachedSession, 'cachedAt'> => ({
  sessionId,
  user: { id: userId } as CachedSession['user'],
  expiresAt: Date.now() + 60_000,
  lastSeenAt: Date.now(),
});

function filled() {
  const cache = createSessionCache();
  cache.setLive(true);
  cache.set(cache.mark(), entry('s1', 'u1'));
  cache.set(cache.mark(), entry('s2', 'u1'));
  cache.set(cache.mark(), entry('s3', 'u2'));
  return cache;
}
const cached = (cache: ReturnType<typeof filled>) => ['s1', 's2', 's3'].filter((id) => cache.get(id));

describe('the session cache and this process\'s writes', () => {
  it('drops the session a keyed session write names, and only it', () => {
    const cache = filled();
    cache.wrote('update "sessions" set "revoked_at" = $1 where "sessions"."id" = $2', [new Date(), 's1']);
    expect(cached(cache)).toEqual(['s2', 's3']);
  });

  it('drops every session of the user a keyed write names (drizzle\'s and(eq(…), …) too)', () => {
    const cache = filled();
    cache.wrote('update "sessions" set "revoked_at" = $1 where ("sessions"."user_id" = $2 and "sessions"."revoked_at" is null)', [new Date(), 'u1']);
    expect(cached(cache)).toEqual(['s3']);
    const again = filled();
    again.wrote('update "users" set "status" = $1 where "users"."id" = $2', ['suspended', 'u2']);
    expect(cached(again)).toEqual(['s1', 's2']);
    const deleted = filled();
    deleted.wrote('delete from "users" where "users"."id" = $1', ['u1']);
    expect(cached(deleted)).toEqual(['s3']);
  });

  it('drops everything when it cannot tell which rows a write touches', () => {
    for (const statement of [
      'update "users" set "status" = $1 where "users"."email" = $2',
      'update "users" set "status" = $1 where ("users"."id" = $2 or "users"."email" = $3)',
      'update "sessions" set "revoked_at" = now()',
    ]) {
      const cache = filled();
      cache.wrote(statement, ['x', 'u9', 'y']);
      expect(cached(cache)).toEqual([]);
    }
  });

  it('keeps the session whose last_seen_at tokens.verify writes once a minute', () => {
    const cache = filled();
    cache.wrote('update "sessions" set "last_seen_at" = now() where ("sessions"."id" = $1 and ("sessions"."last_seen_at" is null or "sessions"."last_seen_at" < $2))', ['s1', new Date()]);
    expect(cached(cache)).toEqual(['s1', 's2', 's3']);
  });

  it('ignores reads and writes to other tables', () => {
    const cache = filled();
    cache.wrote('select * from "users" where "users"."id" = $1', ['u1']);
    cache.wrote('update "posts" set "title" = $1 where "posts"."user_id" = $2', ['t', 'u1']);
    expect(cached(cache)).toEqual(['s1', 's2', 's3']);
  });

  it('refuses to cache a read that started before a write', () => {
    const cache = filled();
    const mark = cache.mark();
    cache.wrote('update "users" set "role" = $1 where "users"."id" = $2', ['admin', 'u3']);
    cache.set(mark, entry('s4', 'u3'));
    expect(cache.get('s4')).toBeNull();
  });
});
