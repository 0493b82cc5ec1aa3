import { createChangeCache } from '../../../src/server/db/change-cache';
import { tableWrite } from '../../../src/server/db/table-writes';

/**
 * A change cache (db/change-cache.ts), here over accounts, and what it reads of a statement (db/table-writes.ts):
 * this process's writes drop what they may touch before they run; the database's notices drop an
 * account's entries; nothing is cached while the notices are not connected.
 */
const TABLES = { users: ['id'], performers: ['user_id'], auth_tokens: ['user_id'], ledger_accounts: ['owner_id', 'id'] } as const;

describe('tableWrite', () => {
  it.each([
    ['insert into "users" ("id", "name") values ($1, $2)', { table: 'users', kind: 'insert', keyed: true }],
    ['insert into "users" ("id", "name") values (default, $1) on conflict do nothing', { table: 'users', kind: 'insert', keyed: true }],
    ['insert into "users" ("id", "name") select "id", "name" from "old_users"', { table: 'users', kind: 'insert', keyed: false }],
    ["insert into users (name) values ('literal')", { table: 'users', kind: 'insert', keyed: false }],
    ['update "users" set "name" = $1 where "users"."id" = $2', { table: 'users', kind: 'update', keyed: true }],
    ['update "users" set "name" = $1 where ("users"."id" = $2 and "users"."status" = $3)', { table: 'users', kind: 'update', keyed: true }],
    ['update "users" set "name" = $1 where ("users"."id" = $2 or "users"."email" = $3)', { table: 'users', kind: 'update', keyed: false }],
    ['update "users" set "name" = $1 where "users"."email" = $2', { table: 'users', kind: 'update', keyed: false }],
    ["update users set name = 'x'", { table: 'users', kind: 'update', keyed: false }],
    ['delete from "users" where "users"."id" = $1', { table: 'users', kind: 'delete', keyed: true }],
    ['update "ledger_accounts" set "balance_cents" = "ledger_accounts"."balance_cents" + $1 where "ledger_accounts"."id" = $2 returning "balance_cents"',
      { table: 'ledger_accounts', kind: 'update', keyed: true }],
  ])('%s', (statement, expected) => {
    expect(tableWrite(statement, TABLES)).toEqual(expected);
  });

  it('is null for reads and for tables it was not asked about', () => {
    expect(tableWrite('select * from "users" where "users"."id" = $1', TABLES)).toBeNull();
    expect(tableWrite('update "posts" set "title" = $1 where "posts"."id" = $2', TABLES)).toBeNull();
    expect(tableWrite('update "users_archive" set "name" = $1 where "users_archive"."id" = $2', TABLES)).toBeNull();
  });
});

describe('the per-account cache', () => {
  function filled() {
    const cache = createChangeCache<string>(TABLES);
    cache.setLive(true);
    cache.set(cache.mark(), 'k1', 'u1', 'one', { aliases: ['w1'] });
    cache.set(cache.mark(), 'k1b', 'u1', 'one by name');
    cache.set(cache.mark(), 'k2', 'u2', 'two', { aliases: ['w2', null] });
    return cache;
  }
  const cached = (cache: ReturnType<typeof filled>) => ['k1', 'k1b', 'k2'].filter((key) => cache.get(key) !== undefined);

  it('answers what was set, until the database tells of a change to that account', () => {
    const cache = filled();
    expect(cache.get('k1')).toBe('one');
    cache.changed('u1');
    expect(cached(cache)).toEqual(['k2']);
  });

  it('drops, before they run, the entries a keyed write of this process names: by account or by alias', () => {
    const cache = filled();
    cache.wrote('update "users" set "name" = $1 where "users"."id" = $2', ['New name', 'u2']);
    expect(cached(cache)).toEqual(['k1', 'k1b']);
    const again = filled();
    // The ledger moves a wallet by the wallet's own id: the entries holding that wallet go (k1b
    // holds none of it; the database's notice for u1 will drop it too).
    again.wrote('update "ledger_accounts" set "balance_cents" = "ledger_accounts"."balance_cents" + $1 where "ledger_accounts"."id" = $2', [-500, 'w1']);
    expect(cached(again)).toEqual(['k1b', 'k2']);
    const created = filled();
    created.wrote('insert into "performers" ("user_id", "verification_status") values ($1, $2)', ['u2', 'pending']);
    expect(cached(created)).toEqual(['k1', 'k1b']);
  });

  it('drops everything when a write cannot say which accounts it touches', () => {
    for (const statement of ['update "performers" set "total_videos" = 0', 'delete from "auth_tokens" where "auth_tokens"."expires_at" < $1']) {
      const cache = filled();
      cache.wrote(statement, ['u9']);
      expect(cached(cache)).toEqual([]);
    }
  });

  it('ignores reads and other tables', () => {
    const cache = filled();
    cache.wrote('select * from "users" where "users"."id" = $1', ['u1']);
    cache.wrote('update "sessions" set "revoked_at" = $1 where "sessions"."user_id" = $2', [new Date(), 'u1']);
    expect(cached(cache)).toEqual(['k1', 'k1b', 'k2']);
  });

  it('refuses a read that started before a change', () => {
    const cache = filled();
    const mark = cache.mark();
    cache.changed('u3');
    cache.set(mark, 'k3', 'u3', 'stale');
    expect(cache.get('k3')).toBeUndefined();
  });

  it('keeps an entry no longer than its TTL or its own expiry', () => {
    const cache = createChangeCache<string>(TABLES, { ttlMs: 1000 });
    cache.setLive(true);
    cache.set(cache.mark(), 'a', 'u1', 'value', {}, 0);
    cache.set(cache.mark(), 'b', 'u2', 'value', { expiresAt: 100 }, 0);
    expect([cache.get('a', 999), cache.get('b', 99)]).toEqual(['value', 'value']);
    expect([cache.get('a', 1000), cache.get('b', 100)]).toEqual([undefined, undefined]);
  });

  it('holds nothing while the change feed is not connected, and forgets everything when it drops', () => {
    const cache = createChangeCache<string>(TABLES);
    cache.set(cache.mark(), 'a', 'u1', 'value');
    expect(cache.get('a')).toBeUndefined();
    cache.setLive(true);
    cache.set(cache.mark(), 'a', 'u1', 'value');
    cache.setLive(false);
    cache.setLive(true);
    expect(cache.get('a')).toBeUndefined();
  });

  it('lets the oldest entry go when full', () => {
    const cache = createChangeCache<string>(TABLES, { maxEntries: 2 });
    cache.setLive(true);
    for (const key of ['a', 'b', 'c']) cache.set(cache.mark(), key, `u-${key}`, key);
    expect(['a', 'b', 'c'].map((key) => cache.get(key))).toEqual([undefined, 'b', 'c']);
    cache.changed('u-a');
    expect(cache.size).toBe(2);
  });
});
