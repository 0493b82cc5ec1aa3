import { theme, type MappingAlgorithm, type ThemeConfig } from 'antd';
import { CSS_VAR_KEY, type ResolvedTheme } from './theme-bootstrap';

export const PRIMARY_COLOR = '#42b1e8';
/**
 * Text on the brand colour and text in the brand's hue, readable at WCAG AA (4.5:1; README, Web
 * performance and accessibility): white on #42b1e8 is 2.4:1, so solid primary buttons carry
 * dark text (7:1), and in the light theme text in the brand's hue (links, the selected menu item,
 * the active tab) takes a darker step of it (4.7:1 on the page background). The dark theme's page
 * is dark enough for #42b1e8 itself (7.8:1).
 */
const ON_PRIMARY = '#0b1f2e';
const PRIMARY_TEXT_LIGHT = '#1b75aa';

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

/** Components whose text sits on the brand colour or is drawn in it. */
const readableOnBrand = (primaryText: string): ThemeConfig['components'] => ({
  Button: { primaryColor: ON_PRIMARY },
  Menu: { itemSelectedColor: primaryText, horizontalItemSelectedColor: primaryText },
  Tabs: { itemSelectedColor: primaryText, itemActiveColor: primaryText },
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
const cssVar = () => ({ key: CSS_VAR_KEY });

export function antdTheme(resolved: ResolvedTheme): ThemeConfig {
  if (resolved === 'dark') {
    return {
      cssVar: cssVar(),
      algorithm: [theme.darkAlgorithm, pinPrimaryInDark],
      // Secondary, description and placeholder text a little stronger than antd's (4.5:1 and up on the cards).
      token: {
        ...shared, colorBgLayout: '#0e1116',
        colorTextDescription: 'rgba(255, 255, 255, 0.55)', colorTextTertiary: 'rgba(255, 255, 255, 0.55)', colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
      },
      components: { ...readableOnBrand(PRIMARY_COLOR), Layout: { headerBg: '#151a21', footerBg: '#0e1116', bodyBg: '#0e1116' } },
    };
  }
  return {
    cssVar: cssVar(),
    algorithm: theme.defaultAlgorithm,
    token: {
      // antd's red (#ff4d4f) is 3.3:1 on white, for error text and danger buttons; one step darker is 4.6:1.
      colorError: '#d9363e',
      ...shared, colorLink: PRIMARY_TEXT_LIGHT, colorLinkHover: '#2d8bc2', colorPrimaryText: PRIMARY_TEXT_LIGHT, colorBgLayout: '#f5f7fa',
      colorTextDescription: 'rgba(0, 0, 0, 0.6)', colorTextTertiary: 'rgba(0, 0, 0, 0.6)', colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    },
    components: { ...readableOnBrand(PRIMARY_TEXT_LIGHT), Layout: { headerBg: '#ffffff', footerBg: '#f5f7fa', bodyBg: '#f5f7fa' } },
  };
}
