export interface ViewWindowOptions {
  /** How long one viewer's view of one item is remembered. */
  ttlMs?: number;
  /** Bound on memory: past it, expired entries go first, then the oldest. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * "At most one counted view per viewer per item per hour" (videos, galleries, creator profiles;
 * the key names viewer and item), kept in this process's memory.
 * A view count is a popularity hint, not money: a restart forgetting the window, or two API
 * instances each counting one view, is acceptable and keeps Redis and a table out of it.
 */
export function createViewWindow({ ttlMs = 60 * 60_000, maxEntries = 100_000, now = Date.now }: ViewWindowOptions = {}) {
  const seen = new Map<string, number>();

  function prune(at: number) {
    for (const [key, expires] of seen) if (expires <= at) seen.delete(key);
    // Map keeps insertion order, and `take` re-inserts on renewal, so the first keys are the oldest.
    for (const key of seen.keys()) {
      if (seen.size <= maxEntries) break;
      seen.delete(key);
    }
  }

  return {
    /** True when this key has not been seen within the window (and remembers it now). */
    take(key: string): boolean {
      const at = now();
      const expires = seen.get(key);
      if (expires !== undefined && expires > at) return false;
      seen.delete(key);
      seen.set(key, at + ttlMs);
      if (seen.size > maxEntries) prune(at);
      return true;
    },
    get size() {
      return seen.size;
    },
  };
}
