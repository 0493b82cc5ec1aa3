/**
 * antd's styles as one static, content-hashed stylesheet made at build time (issue 17).
 *
 * Without it `_document` collected and inlined every page's antd CSS on every request (200+ kB of
 * HTML that no cache could keep, and most of a server render's time). antd's own recipe for this is
 * @ant-design/static-style-extract: render the components once and keep the CSS they register. The
 * file ends with cssinjs' cache map (`.data-ant-cssinjs-cache-path{content:…}`), which tells the
 * browser's cssinjs that these styles exist, so it does not generate them again.
 *
 * Both themes are extracted. Component rules do not depend on the theme (they read CSS variables),
 * so they are kept once; the variable blocks (`.app{--ant-…}`, `.app.ant-btn{--ant-button-…}`) are
 * kept per theme under `:root[data-theme="light|dark"]`, the attribute the bootstrap script sets
 * before the first paint, so the first frame is already in the visitor's theme.
 *
 * The sheet must be made under the NODE_ENV the web runs with (development hashes carry a
 * `css-dev-only-…` prefix), so build.ts and dev.ts run this file as a child process:
 * `NODE_ENV=production tsx scripts/lib/antd-stylesheet.ts`.
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { createElement as h, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { extractStyle } from '@ant-design/static-style-extract';
import * as antd from 'antd';
import { antdTheme } from '../../src/client/theme/theme-tokens';
import { CSS_VAR_KEY, type ResolvedTheme } from '../../src/client/theme/theme-bootstrap';
import { ANTD_STYLESHEET_DIR, ANTD_STYLESHEET_MANIFEST, type AntdStylesheetManifest } from '../../src/client/theme/antd-stylesheet';

const root = path.resolve(__dirname, '../..');
// antd's menu override context (what Dropdown wraps its menu in) is not part of its typed exports.
const menuOverride = createRequire(__filename)('antd/lib/menu/OverrideContext') as {
  OverrideProvider: ComponentType<{ prefixCls: string; children?: ReactNode }>;
};
const SOURCE_DIRS = ['pages', 'src/client'];

/** Components our code never imports but antd renders inside the ones it does (tables, selects, pickers…). */
const RENDERED_BY_OTHERS = ['Button', 'Checkbox', 'Dropdown', 'Empty', 'Input', 'Menu', 'Pagination', 'Popover', 'Radio', 'Select', 'Space', 'Spin', 'Tag', 'Tooltip', 'message', 'notification'];

const CACHE_MAP_RULE = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/;

/** Every antd component imported by the web's sources (`import { Button, Form } from 'antd'`). */
export function importedAntdComponents(): string[] {
  const names = new Set<string>();
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(path.join(root, dir))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]+)\}\s*from\s*'antd'/g)) {
        for (const part of match[1].split(',')) {
          const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
          if (name && name in antd) names.add(name);
        }
      }
    }
  }
  return [...names];
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Parts a bare render of each component does not reach: a popup's content (portals do not render on
 * the server) and the states our pages use (form items with help and errors, a table with sorting,
 * selection and paging).
 */
function parts(): ReactElement {
  const { Form, Input, Table, Menu, Typography } = antd;
  return h(
    'div',
    null,
    h(Form, { layout: 'vertical' }, h(Form.Item, { label: 'Label', name: 'a', help: 'Help', validateStatus: 'error', required: true, hasFeedback: true }, h(Input))),
    h(Form, { layout: 'horizontal' }, h(Form.Item, { label: 'Label', name: 'b', extra: 'Extra' }, h(Input))),
    h(Table, {
      bordered: true,
      size: 'small',
      rowSelection: {},
      columns: [{ title: 'A', dataIndex: 'a', key: 'a', sorter: true, ellipsis: true }],
      dataSource: [{ key: 1, a: 1 }],
      pagination: { pageSize: 1, total: 5, showSizeChanger: true },
    }),
    // A Dropdown's menu only mounts when the popup opens. It is a Menu under antd's menu override
    // context, which registers no rules of its own (Dropdown's style the items): rendered the same
    // way here, so its registration is in the cache map and nothing of it is generated in the
    // browser. Rendered bare with the dropdown's prefix, it added the page menu's rules, whose
    // fixed 40 px items cut off the account menu's three-line head.
    h(
      menuOverride.OverrideProvider,
      { prefixCls: 'ant-dropdown-menu' },
      h(Menu, { items: [{ key: 'a', label: 'A' }, { type: 'divider' }, { key: 'g', type: 'group', label: 'G', children: [{ key: 'b', label: 'B', danger: true }] }] }),
    ),
    h(Typography.Paragraph, { copyable: true, ellipsis: { rows: 2 } }, 'Text'),
  );
}

/** The CSS antd registers for our components under one theme. */
function extractFor(theme: ResolvedTheme, includes: string[]): string {
  return extractStyle({
    includes,
    customTheme: (node) => h(antd.ConfigProvider, { theme: antdTheme(theme) }, node, parts()),
  });
}

/** Top-level rules of a stylesheet (an at-rule with its block counts as one rule). */
export function topLevelRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i += 1) {
    const c = css[i];
    if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) {
        rules.push(css.slice(start, i + 1));
        start = i + 1;
      }
    }
  }
  return rules.map((r) => r.trim()).filter(Boolean);
}

/** A block of theme variables: `.app{--…}` or `.app.ant-btn{--…}` (selector lists included). */
function isThemeVariables(rule: string): boolean {
  const open = rule.indexOf('{');
  const selectors = rule.slice(0, open).split(',');
  return rule.slice(open + 1).startsWith('--') && selectors.every((s) => new RegExp(`^\\.${CSS_VAR_KEY}(\\.[\\w-]+)*$`).test(s.trim()));
}

function scopeToTheme(rule: string, theme: ResolvedTheme): string {
  const open = rule.indexOf('{');
  const selectors = rule.slice(0, open).split(',').map((s) => `:root[data-theme="${theme}"] ${s.trim()}`);
  return `${selectors.join(',')}${rule.slice(open)}`;
}

/** One stylesheet for both themes: shared rules once, each theme's variables under its attribute, one cache map. */
export function mergeThemes(sheets: Record<ResolvedTheme, string>): string {
  const shared = new Set<string>();
  const variables: string[] = [];
  const cachePaths = new Set<string>();
  for (const theme of Object.keys(sheets) as ResolvedTheme[]) {
    for (const rule of topLevelRules(sheets[theme])) {
      const cacheMap = CACHE_MAP_RULE.exec(rule);
      if (cacheMap) cacheMap[1].split(';').filter(Boolean).forEach((entry) => cachePaths.add(entry));
      // A nested ConfigProvider without a key names its variables after React's useId: not ours.
      else if (/^\.css-var-/.test(rule)) continue;
      else if (isThemeVariables(rule)) variables.push(scopeToTheme(rule, theme));
      else shared.add(rule);
    }
  }
  return [...shared, ...variables, `.data-ant-cssinjs-cache-path{content:"${[...cachePaths].join(';')}";}`].join('\n');
}

/** Writes public/_antd/antd.<hash>.css and its manifest; returns the manifest. */
export function writeAntdStylesheet(): AntdStylesheetManifest {
  const includes = [...new Set([...importedAntdComponents(), ...RENDERED_BY_OTHERS])].sort();
  const css = mergeThemes({ dark: extractFor('dark', includes), light: extractFor('light', includes) });
  const hash = crypto.createHash('sha256').update(css).digest('hex').slice(0, 12);
  const dir = path.join(root, ANTD_STYLESHEET_DIR);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const file = `antd.${hash}.css`;
  fs.writeFileSync(path.join(dir, file), css);
  const manifest: AntdStylesheetManifest = { href: `/_antd/${file}`, bytes: Buffer.byteLength(css), components: includes };
  fs.writeFileSync(path.join(root, ANTD_STYLESHEET_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (require.main === module) {
  const manifest = writeAntdStylesheet();
  console.log(`[build] antd stylesheet ${manifest.href} (${Math.round(manifest.bytes / 1024)} kB, ${manifest.components.length} components, NODE_ENV=${process.env.NODE_ENV ?? 'unset'})`);
}
