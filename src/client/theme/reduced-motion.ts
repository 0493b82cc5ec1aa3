import { useSyncExternalStore } from 'react';

/**
 * The visitor's "reduce motion" setting (prefers-reduced-motion), as an external store like the
 * theme's (theme-store.ts).
 */
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION_QUERY) : null);

function subscribe(listener: () => void): () => void {
  const query = media();
  query?.addEventListener?.('change', listener);
  return () => query?.removeEventListener?.('change', listener);
}

const getSnapshot = (): boolean => media()?.matches ?? false;

/**
 * True when the visitor asked for reduced motion. Unlike the theme, hydration reads the browser's
 * value at once (the server, which cannot know it, says false): what it switches draws no markup of
 * its own, and switching antd's motion after hydration would remount the page (AntdScope).
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
