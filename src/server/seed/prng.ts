/**
 * A small seeded generator (mulberry32): every fresh install gets the same demo data, so the
 * README, screenshots and bug reports all talk about the same creators.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  return {
    next,
    int,
    pick,
    shuffle,
    chance: (p: number) => next() < p,
    sample: <T>(list: readonly T[], n: number): T[] => shuffle(list).slice(0, n),
    /** One of the values, each as likely as its weight. */
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      let r = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [value, weight] of entries) {
        r -= weight;
        if (r < 0) return value;
      }
      return entries[entries.length - 1][0];
    },
  };
}

export type Random = ReturnType<typeof createRandom>;
