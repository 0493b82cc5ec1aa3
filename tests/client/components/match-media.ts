/**
 * A controllable window.matchMedia for jsdom (which has none): antd's grid and our theme
 * provider both ask for media queries. `setDark` flips prefers-color-scheme and notifies.
 */
type Listener = (e: { matches: boolean; media: string }) => void;

export function installMatchMedia(initialDark = false) {
  let dark = initialDark;
  const listeners = new Set<{ media: string; fn: Listener }>();
  const matches = (media: string) => (media.includes('prefers-color-scheme: dark') ? dark : false);

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
