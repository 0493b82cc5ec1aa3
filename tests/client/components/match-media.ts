/**
 * A controllable window.matchMedia for jsdom (which has none): antd's grid and our theme
 * provider both ask for media queries. `setDark` flips prefers-color-scheme and notifies.
 * Without a `width` no width query matches, which antd's grid reads as a phone; with one,
 * min-width and max-width queries answer for a window that wide.
 */
type Listener = (e: { matches: boolean; media: string }) => void;

function widthMatches(media: string, width: number): boolean {
  const min = /min-width:\s*(\d+)px/.exec(media);
  const max = /max-width:\s*(\d+)(?:\.\d+)?px/.exec(media);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

export function installMatchMedia(initialDark = false, width?: number) {
  let dark = initialDark;
  const listeners = new Set<{ media: string; fn: Listener }>();
  const matches = (media: string) => {
    if (media.includes('prefers-color-scheme: dark')) return dark;
    return width !== undefined && /(min|max)-width/.test(media) && widthMatches(media, width);
  };

  window.matchMedia = ((media: string) => ({
    media,
    get matches() {
      return matches(media);
    },
    onchange: null,
    addEventListener: (_type: string, fn: Listener) => listeners.add({ media, fn }),
    removeEventListener: (_type: string, fn: Listener) =>
      listeners.forEach((l) => l.fn === fn && listeners.delete(l)),
    addListener: (fn: Listener) => listeners.add({ media, fn }),
    removeListener: (fn: Listener) => listeners.forEach((l) => l.fn === fn && listeners.delete(l)),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;

  return {
    setDark(next: boolean) {
      dark = next;
      listeners.forEach((l) => l.fn({ matches: matches(l.media), media: l.media }));
    },
  };
}

/** A 1280 px desktop window for antd's breakpoints: list pages show their tables. */
export const desktopWindow = () => installMatchMedia(false, 1280);
