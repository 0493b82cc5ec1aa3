import { isThemeChoice, THEME_STORAGE_KEY, type ResolvedTheme, type ThemeChoice } from './theme-bootstrap';

/**
 * The theme choice lives in localStorage and the system preference in matchMedia: both are
 * external stores, read through useSyncExternalStore so server render and hydration agree
 * (the server snapshot) and the browser then switches without a hydration mismatch.
 */
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
// Only used when localStorage refuses writes.
let memoryChoice: ThemeChoice | null = null;

function notify() {
  listeners.forEach((l) => l());
}

export function readChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function writeChoice(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
    memoryChoice = null;
  } catch {
    // Storage can be disabled (private mode); the choice still applies for this page view.
    memoryChoice = choice;
  }
  notify();
}

export function getChoiceSnapshot(): ThemeChoice {
  return memoryChoice ?? readChoice();
}

/** The spec's shell "defaults to a dark theme": without matchMedia we cannot ask, so dark. */
export function getSystemSnapshot(): ResolvedTheme {
  if (typeof window.matchMedia !== 'function') return 'dark';
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  media?.addEventListener?.('change', listener);
  // Another tab changing the choice keeps every tab in step.
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_STORAGE_KEY) {
      memoryChoice = null;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener?.('change', listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function resolveTheme(choice: ThemeChoice, system: ResolvedTheme): ResolvedTheme {
  return choice === 'system' ? system : choice;
}
