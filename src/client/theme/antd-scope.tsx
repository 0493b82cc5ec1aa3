import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useThemeChoice } from './theme-provider';
import { antdTheme } from './theme-tokens';

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
  const config = useMemo(() => antdTheme(resolved), [resolved]);
  if (nested) return <>{children}</>;
  return (
    <InScope.Provider value>
      <ConfigProvider theme={config}>{children}</ConfigProvider>
    </InScope.Provider>
  );
}

export default AntdScope;
