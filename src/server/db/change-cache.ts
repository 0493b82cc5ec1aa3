/**
 * Reads kept in this process, so the hottest reads cost no database round trip (issue 18): the
 * signed-in account's own view (`GET /users/me`), a creator's public profile, and each post's parts
 * that are the same for every viewer (its files, covers and poll). A cache is fed by one change
 * channel of the database and kept fresh the way the session cache is
 * (modules/auth/session-cache.ts); correctness does not rest on the TTL:
 * - every change to what an entry is made of is told to every instance by the database itself:
 *   triggers NOTIFY the changed row's id at commit (migration 0019 `account_changed`, 0020
 *   `post_parts_changed`; plugins/change-caches.ts listens), and the entries named by that id are
 *   dropped when it arrives; while the feed is not connected nothing is cached and every request
 *   reads the database;
 * - this process's own writes to those tables drop what they may touch before they run (`wrote`),
 *   so a request that follows a write of its own process never waits on the notification;
 * - a read that started before a change is not cached after it (`mark`, `set`).
 */
import { tableWrite } from './table-writes';

/** The tables a cache's entries are made of, each with the columns a write names its rows' ids by. */
export type ChangeTables = Readonly<Record<string, readonly string[]>>;

/** Safety net only: changes are pushed; an entry is read again at least this often anyway. */
export const CHANGE_CACHE_TTL_MS = 10_000;

interface Entry<T> {
  value: T;
  /** The ids whose changes drop this entry: its owner's and its aliases. */
  ids: string[];
  /** ms since the epoch: the TTL's end, or sooner when what it holds expires (a pending email change). */
  validUntil: number;
}

export interface ChangeCacheSetOptions {
  /** Other ids a change to this entry may be told by (a wallet's ledger account id, a post's file ids). */
  aliases?: (string | null | undefined)[];
  /** ms since the epoch at which the entry stops being true on its own (an expiring link). */
  expiresAt?: number | null;
}

export function createChangeCache<T>(tables: ChangeTables, options: { ttlMs?: number; maxEntries?: number } = {}) {
  const ttlMs = options.ttlMs ?? CHANGE_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? 20_000;
  const entries = new Map<string, Entry<T>>();
  /** Owner id or alias → the keys of the entries it names. */
  const byId = new Map<string, Set<string>>();
  // Bumped by every change: a read that started before a change must not be cached after it.
  let generation = 0;
  let live = false;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const id of entry.ids) {
      const keys = byId.get(id);
      keys?.delete(key);
      if (keys && !keys.size) byId.delete(id);
    }
  }

  function dropId(id: string) {
    const keys = byId.get(id);
    if (keys) for (const key of [...keys]) drop(key);
  }

  function clear() {
    generation += 1;
    entries.clear();
    byId.clear();
  }

  return {
    /** The value when cached and still valid; undefined otherwise (read the database). */
    get(key: string, now = Date.now()): T | undefined {
      if (!live) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.validUntil <= now) {
        drop(key);
        return undefined;
      }
      return entry.value;
    },

    /** Taken before reading the database; `set` refuses the result if anything changed meanwhile. */
    mark: () => generation,

    set(mark: number, key: string, ownerId: string, value: T, opts: ChangeCacheSetOptions = {}, now = Date.now()) {
      if (!live || mark !== generation) return;
      drop(key);
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= maxEntries) drop(entries.keys().next().value!);
      const ids = [ownerId, ...opts.aliases?.filter((id): id is string => Boolean(id)) ?? []];
      const validUntil = Math.min(now + ttlMs, opts.expiresAt ?? Infinity);
      entries.set(key, { value, ids, validUntil });
      for (const id of ids) {
        const keys = byId.get(id) ?? new Set<string>();
        keys.add(key);
        byId.set(id, keys);
      }
    },

    /** The database told of a change to the rows of this id (its channel's NOTIFY). */
    changed(id: string) {
      generation += 1;
      dropId(id);
    },

    /**
     * A statement this process is sending: a write to one of the cache's tables drops the entries
     * named by its parameters when its rows' keys are among them (a keyed update or delete, an
     * insert of values), everything otherwise.
     */
    wrote(statement: string, params: unknown[]) {
      const write = tableWrite(statement, tables);
      if (!write) return;
      generation += 1;
      if (!write.keyed) return clear();
      for (const param of params) if (typeof param === 'string') dropId(param);
    },

    /** The change feed connected (on) or lost (off): either way nothing cached before can be trusted. */
    setLive(on: boolean) {
      clear();
      live = on;
    },

    get size() {
      return entries.size;
    },
  };
}

export type ChangeCache<T> = ReturnType<typeof createChangeCache<T>>;
