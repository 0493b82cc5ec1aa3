import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ResolvedTheme, ThemeChoice } from './theme-bootstrap';
import { getChoiceSnapshot, getSystemSnapshot, resolveTheme, subscribe, writeChoice } from './theme-store';

export interface ThemeState {
  /** What the visitor picked (default 'system'). */
  choice: ThemeChoice;
  /** What is shown: the choice, or the system preference when the choice is 'system'. */
  resolved: ResolvedTheme;
  setChoice: (choice: ThemeChoice) => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

// The server cannot see localStorage or the OS preference; it renders the spec's default (dark).
const serverChoice = (): ThemeChoice => 'system';
const serverSystem = (): ResolvedTheme => 'dark';

/** The stored choice and what it resolves to, from the theme store (no provider needed). */
export function useThemeChoice(): Pick<ThemeState, 'choice' | 'resolved'> {
  const choice = useSyncExternalStore(subscribe, getChoiceSnapshot, serverChoice);
  const system = useSyncExternalStore(subscribe, getSystemSnapshot, serverSystem);
  return { choice, resolved: resolveTheme(choice, system) };
}

/**
 * The theme choice for every page. It holds no antd: antd's ConfigProvider is `AntdScope`, which
 * the app shell puts around the pages that use antd (antd-scope.tsx), so a page drawn without antd
 * (the start page) does not download it.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { choice, resolved } = useThemeChoice();
  const setChoice = useCallback((next: ThemeChoice) => writeChoice(next), []);

  // Keep <html data-theme> (set first by the bootstrap script) in step for globals.css.
  useEffect(() => {
    document.documentElement.setAttribute('data-theme', resolved);
    document.documentElement.style.colorScheme = resolved;
  }, [resolved]);

  const value = useMemo(() => ({ choice, resolved, setChoice }), [choice, resolved, setChoice]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside <ThemeProvider>');
  return ctx;
}
