import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { ResolvedTheme, ThemeChoice } from './theme-bootstrap';
import { getChoiceSnapshot, getSystemSnapshot, resolveTheme, subscribe, writeChoice } from './theme-store';
import { antdTheme } from './theme-tokens';
import { ToastBridge } from '@/client/components/toast-bridge';

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

/**
 * Toasts at the top for 3 seconds (spec 9); antd's App gives them the theme's context. They sit
 * below the sticky 64 px header (antd's Layout.Header height), so they never cover its controls.
 */
const MESSAGE_CONFIG = { top: 72, duration: 3, maxCount: 3 };

export function ThemeProvider({ children }: { children: ReactNode }) {
  const choice = useSyncExternalStore(subscribe, getChoiceSnapshot, serverChoice);
  const system = useSyncExternalStore(subscribe, getSystemSnapshot, serverSystem);
  const resolved = resolveTheme(choice, system);
  const setChoice = useCallback((next: ThemeChoice) => writeChoice(next), []);

  // Keep <html data-theme> (set first by the bootstrap script) in step for globals.css.
  useEffect(() => {
    document.documentElement.setAttribute('data-theme', resolved);
    document.documentElement.style.colorScheme = resolved;
  }, [resolved]);

  const value = useMemo(() => ({ choice, resolved, setChoice }), [choice, resolved, setChoice]);
  const config = useMemo(() => antdTheme(resolved), [resolved]);

  return (
    <ThemeContext.Provider value={value}>
      <ConfigProvider theme={config}>
        <AntdApp message={MESSAGE_CONFIG}>
          <ToastBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </ThemeContext.Provider>
  );
}

export function useTheme(): ThemeState {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside <ThemeProvider>');
  return ctx;
}
