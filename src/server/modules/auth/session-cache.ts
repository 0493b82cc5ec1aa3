/**
 * Verified sessions kept in this process, so a signed-in request costs no database round trip
 * for its session and user (issue 18). Correctness does not rest on the TTL: every change that
 * could end or alter a session (a revoked or expired session row, any change to the user row:
 * suspension, role, password, deletion) is told to every instance by the database itself (the
 * `auth_changed` triggers, delivered at commit through LISTEN/NOTIFY, see db/client.ts `listen`),
 * and the entry is dropped when it arrives. While that feed is not connected the cache is off and
 * every request reads the database, as before. The TTL is only a safety net.
 */
import type { AuthUser } from './token.service';
import { tableWrite } from '../../db/table-writes';

export interface CachedSession {
  user: AuthUser;
  sessionId: string;
  /** ms since the epoch */
  expiresAt: number;
  /** When `last_seen_at` was last written (or read), ms since the epoch. */
  lastSeenAt: number;
  cachedAt: number;
}

/** Safety net only: changes are pushed; an entry is re-read at least this often anyway. */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 100_000;
/** The tables a cached session is made of, and the columns that name its rows. */
const SESSION_TABLES = { users: ['id'], sessions: ['id', 'user_id'] } as const;
/** tokens.verify's once-a-minute last_seen_at write: it changes nothing a cached session holds. */
const LAST_SEEN_ONLY = /^\s*update\s+"sessions"\s+set\s+"last_seen_at"\s*=\s*now\(\)\s+where/i;

export function createSessionCache(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, CachedSession>();
  const byUser = new Map<string, Set<string>>();
  // Bumped by every change: a read that started before a change must not be cached after it.
  let generation = 0;
  let live = false;

  function drop(sessionId: string) {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const sessions = byUser.get(entry.user.id);
    sessions?.delete(sessionId);
    if (sessions && !sessions.size) byUser.delete(entry.user.id);
  }

  function clear() {
    generation += 1;
    entries.clear();
    byUser.clear();
  }

  return {
    /** The session when cached, fresh and not expired; null otherwise (read the database). */
    get(sessionId: string, now = Date.now()): CachedSession | null {
      if (!live) return null;
      const entry = entries.get(sessionId);
      if (!entry) return null;
      if (now - entry.cachedAt > ttlMs || entry.expiresAt <= now) {
        drop(sessionId);
        return null;
      }
      return entry;
    },

    /** Taken before reading the database; `set` refuses the result if anything changed meanwhile. */
    mark: () => generation,

    set(mark: number, entry: Omit<CachedSession, 'cachedAt'>, now = Date.now()) {
      if (!live || mark !== generation) return;
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= maxEntries) drop(entries.keys().next().value!);
      entries.set(entry.sessionId, { ...entry, cachedAt: now });
      const sessions = byUser.get(entry.user.id) ?? new Set<string>();
      sessions.add(entry.sessionId);
      byUser.set(entry.user.id, sessions);
    },

    /** A change told by the database: `s:<session id>` or `u:<user id>`; anything else drops everything. */
    changed(payload: string) {
      generation += 1;
      const id = payload.slice(2);
      if (payload.startsWith('s:')) drop(id);
      else if (payload.startsWith('u:')) for (const sessionId of [...(byUser.get(id) ?? [])]) drop(sessionId);
      else clear();
    },

    /**
     * A statement this process is sending (the database's statement hook). The feed above reaches
     * every instance only after the commit, over another connection: a request of this process that
     * follows a logout or a suspension it made could otherwise be served from the cache before the
     * notification lands. So a write to `users` or `sessions` from here drops the entries it may
     * touch before it runs: those named by its parameters when its WHERE starts with a key equality
     * (`"users"."id" = $n and …`, drizzle's `and(eq(…), …)`), everything otherwise.
     */
    wrote(statement: string, params: unknown[]) {
      const write = tableWrite(statement, SESSION_TABLES);
      // A new row is no cached session; the once-a-minute last_seen_at changes nothing cached.
      if (!write || write.kind === 'insert' || LAST_SEEN_ONLY.test(statement)) return;
      generation += 1;
      if (!write.keyed) return clear();
      for (const param of params) {
        if (typeof param !== 'string') continue;
        drop(param);
        for (const sessionId of [...(byUser.get(param) ?? [])]) drop(sessionId);
      }
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

export type SessionCache = ReturnType<typeof createSessionCache>;
