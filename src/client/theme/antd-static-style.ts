import useToken from 'antd/es/theme/useToken';

/**
 * What the browser's copy of an antd component's style module exports instead of its style
 * generator (scripts/lib/antd-style-browser-loader.js; issue 17). Every antd rule the web draws is
 * in the static stylesheet made at build time (scripts/lib/antd-stylesheet.ts), so the browser
 * never needs to generate one: these hooks give a component the class names that sheet uses (the
 * theme's hash and its CSS-variable class), the same answer antd's own hooks give with
 * `zeroRuntime`, without shipping the generators (about 40 kB gzip on every antd page).
 *
 * `path` is the style's cssinjs name behind a prefix (`antd-style:Button-Button`): it stays in the
 * chunk so a test can check that the static sheet holds every style the browser's bundles name
 * (tests/e2e/web-budget.e2e.ts).
 */

/** genStyleHooks: `useStyle(prefixCls, rootCls) → [hashId, cssVarCls]`. */
export function staticStyleHooks(path: string) {
  const useStaticStyle = (_prefixCls?: string, _rootCls?: string): [string, string | undefined] => {
    const [, , hashId, , cssVar] = useToken();
    return [hashId, cssVar?.key];
  };
  useStaticStyle.stylePath = path;
  return useStaticStyle;
}

/** genComponentStyleHook: `useStyle(prefixCls, rootCls) → hashId`. */
export function staticStyleHook(path: string) {
  const useStaticStyle = (_prefixCls?: string, _rootCls?: string): string => useToken()[2];
  useStaticStyle.stylePath = path;
  return useStaticStyle;
}

/** genSubStyleComponent: a component that only registers its styles and draws nothing. */
export function staticSubStyle(path: string) {
  const StaticSubStyle = (_props: { prefixCls: string; rootCls?: string }) => null;
  StaticSubStyle.stylePath = path;
  return StaticSubStyle;
}
