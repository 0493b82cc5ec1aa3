/**
 * Remembers who was counted as viewing what, for a window of time, so reloading a page or
 * replaying a video does not pump its view count. Kept in the memory of each API process: no
 * table holds views, and an approximate count is what a view counter is. With several instances
 * one viewer can be counted once per instance within the window; after a restart, once more.
 * The map is bounded: past `maxEntries` the oldest entries go first (insertion order).
 */
export function createViewWindow(windowMs: number, maxEntries = 100_000) {
  const seen = new Map<string, number>();

  function prune(now: number) {
    for (const [key, at] of seen) {
      if (now - at < windowMs && seen.size <= maxEntries) break;
      seen.delete(key);
    }
  }

  return {
    /** True when this viewer's view of this item should count now (and records it). */
    take(viewerKey: string, itemId: string, now = Date.now()): boolean {
      const key = `${viewerKey}|${itemId}`;
      const at = seen.get(key);
      if (at !== undefined && now - at < windowMs) return false;
      // Re-inserting moves the key to the end, keeping the map in time order for prune().
      seen.delete(key);
      seen.set(key, now);
      prune(now);
      return true;
    },
    get size() {
      return seen.size;
    },
  };
}
