/** localStorage key of the theme choice (spec 2). */
export const THEME_STORAGE_KEY = 'theme';

/**
 * antd's CSS-variable class (ConfigProvider `cssVar.key`). The static stylesheet defines each theme's
 * variables under `:root[data-theme=…] .app`; `<body class="app">` (_document) makes them the whole
 * page's, so markup drawn without antd (the shell, the start page) reads the same `--ant-*` values.
 */
export const CSS_VAR_KEY = 'app';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === 'light' || value === 'dark' || value === 'system';
}

/**
 * Inlined into <head> by _document: sets `data-theme` on <html> before the first paint, so the
 * background from globals.css already matches the stored choice while antd's own styles load.
 * Kept tiny and dependency-free; it must never throw (private mode can deny localStorage).
 */
export const THEME_BOOTSTRAP_SCRIPT = `(function(){try{var c=localStorage.getItem('${THEME_STORAGE_KEY}');var d=c==='dark'||(c!=='light'&&(!window.matchMedia||window.matchMedia('(prefers-color-scheme: dark)').matches));document.documentElement.setAttribute('data-theme',d?'dark':'light');document.documentElement.style.colorScheme=d?'dark':'light';}catch(e){document.documentElement.setAttribute('data-theme','dark');}})();`;
