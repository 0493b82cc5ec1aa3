import { theme, type MappingAlgorithm, type ThemeConfig } from 'antd';
import type { ResolvedTheme } from './theme-bootstrap';

export const PRIMARY_COLOR = '#42b1e8';

/**
 * The dark algorithm derives a darker colorPrimary (#3b99c8) from the seed even when the seed is
 * given (dependencies.md, problem 5). A last algorithm in the chain pins the brand colour back.
 */
const pinPrimaryInDark: MappingAlgorithm = (_seed, map) => ({
  ...map!,
  colorPrimary: PRIMARY_COLOR,
  colorInfo: PRIMARY_COLOR,
  colorLink: PRIMARY_COLOR,
  colorLinkHover: '#63badf',
  colorPrimaryText: PRIMARY_COLOR,
});

const shared: ThemeConfig['token'] = {
  colorPrimary: PRIMARY_COLOR,
  colorInfo: PRIMARY_COLOR,
  borderRadius: 10,
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
};

/**
 * One CSS-variable class for both themes. antd's static stylesheet (scripts/lib/antd-stylesheet.ts)
 * holds each theme's variables under `:root[data-theme="light|dark"] .app`, and the bootstrap
 * script sets `data-theme` before the first paint, so components show the stored theme from the
 * first frame and a switch in the browser only flips the attribute (ThemeProvider keeps it in step).
 */
export const CSS_VAR_KEY = 'app';
const cssVar = () => ({ key: CSS_VAR_KEY });

export function antdTheme(resolved: ResolvedTheme): ThemeConfig {
  if (resolved === 'dark') {
    return {
      cssVar: cssVar(),
      algorithm: [theme.darkAlgorithm, pinPrimaryInDark],
      token: { ...shared, colorBgLayout: '#0e1116' },
      components: { Layout: { headerBg: '#151a21', footerBg: '#0e1116', bodyBg: '#0e1116' } },
    };
  }
  return {
    cssVar: cssVar(),
    algorithm: theme.defaultAlgorithm,
    // #42b1e8 on white is too faint for link text; links use the darker step of the same palette.
    token: { ...shared, colorLink: '#2d8bc2', colorBgLayout: '#f5f7fa' },
    components: { Layout: { headerBg: '#ffffff', footerBg: '#f5f7fa', bodyBg: '#f5f7fa' } },
  };
}
