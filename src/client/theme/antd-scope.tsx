import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useThemeChoice } from './theme-provider';
import { antdTheme } from './theme-tokens';
import { usePrefersReducedMotion } from './reduced-motion';

const InScope = createContext(false);

/**
 * antd's ConfigProvider with the visitor's theme: what every antd component needs to draw with our
 * tokens and the static stylesheet's class names. Not part of `_app`, so pages drawn without antd
 * never download antd: the app shell puts it (its own chunk) around every page that does not say
 * `antdFree`, and the antd parts such a page may still show (the signed-in header, a failed list)
 * wrap themselves. Inside another scope it adds nothing.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const nested = useContext(InScope);
  const { resolved } = useThemeChoice();
  const reducedMotion = usePrefersReducedMotion();
  const config = useMemo(() => {
    const base = antdTheme(resolved);
    // Reduced motion: antd's popups open and close without their motion steps. globals.css only
    // shortens the animations; the steps still ran over several frames (a dialog at full size and
    // transparent, then at a fifth of its size for the keyframes' first frames), so a pointer
    // pressed on a dialog's button and released a frame later was on another element and the
    // click went to the dialog's backdrop: a "Pay" that did nothing.
    return reducedMotion ? { ...base, token: { ...base.token, motion: false } } : base;
  }, [resolved, reducedMotion]);
  if (nested) return <>{children}</>;
  return (
    <InScope.Provider value>
      <ConfigProvider theme={config}>{children}</ConfigProvider>
    </InScope.Provider>
  );
}

export default AntdScope;
