import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { renderHook } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { antdTheme } from '@/client/theme/theme-tokens';

/**
 * The browser's copy of antd's style modules (next.config.js `turbopack.rules`,
 * scripts/lib/antd-style-browser-loader.js): each must still export what antd's components import
 * from it, and its hooks must give the class names antd's own hooks give, so the static
 * stylesheet's rules apply. antd's `es` build cannot run here, so its `lib` twin (the same modules
 * as CommonJS) stands for it wherever one is run.
 */
jest.mock('antd/es/theme/useToken', () => jest.requireActual('antd/lib/theme/useToken'));

const { styleStandIn, ANTD_STYLE_MODULE, STYLE_PATH_PREFIX } = require('../../../scripts/lib/antd-style-browser-loader.js') as {
  styleStandIn: (source: string, file: string, standInModule: string) => string;
  ANTD_STYLE_MODULE: RegExp;
  STYLE_PATH_PREFIX: string;
};

const antdRoot = path.dirname(require.resolve('antd/package.json'));
const esDir = path.join(antdRoot, 'es');
const STAND_IN_MODULE = '@/client/theme/antd-static-style';

function jsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return jsFiles(full);
    return e.name.endsWith('.js') ? [full] : [];
  });
}

const allFiles = jsFiles(esDir);
const styleModules = allFiles.filter((f) => ANTD_STYLE_MODULE.test(f));
const standIns = new Map<string, Record<string, unknown>>();

/** Evaluates a module's stand-in; a re-export of another style module gets that module's stand-in. */
function loadStandIn(file: string): Record<string, unknown> {
  const cached = standIns.get(file);
  if (cached) return cached;
  const source = styleStandIn(fs.readFileSync(file, 'utf8'), file, STAND_IN_MODULE);
  const code = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  standIns.set(file, module.exports);
  const load = (id: string) => {
    if (id === STAND_IN_MODULE) return jest.requireActual(STAND_IN_MODULE);
    const target = resolveEs(file, id);
    if (ANTD_STYLE_MODULE.test(target)) return loadStandIn(target);
    return jest.requireActual(libTwin(target));
  };
  new Function('require', 'module', 'exports', code)(load, module, module.exports);
  return module.exports;
}

function resolveEs(from: string, id: string): string {
  const base = path.resolve(path.dirname(from), id);
  return fs.existsSync(`${base}.js`) ? `${base}.js` : path.join(base, 'index.js');
}

const libTwin = (esFile: string) => path.join(antdRoot, 'lib', path.relative(esDir, esFile));
const relative = (file: string) => path.relative(esDir, file);

/** What antd's own (non-style) modules import from each style module: `{ file: Set<name> }`. */
function importsOfStyleModules(): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  for (const file of allFiles) {
    if (ANTD_STYLE_MODULE.test(file)) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const id = statement.moduleSpecifier.text;
      if (!id.startsWith('.')) continue;
      const target = resolveEs(file, id);
      if (!ANTD_STYLE_MODULE.test(target)) continue;
      const names = used.get(target) ?? new Set<string>();
      const clause = statement.importClause;
      if (clause?.name) names.add('default');
      if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        for (const e of clause.namedBindings.elements) names.add((e.propertyName ?? e.name).text);
      }
      used.set(target, names);
    }
  }
  return used;
}

const light = antdTheme('light');
const wrapper = ({ children }: { children: ReactNode }) => <ConfigProvider theme={light}>{children}</ConfigProvider>;

type Named = { stylePath: string };
const isStandIn = (value: unknown): value is ((...args: unknown[]) => unknown) & Named =>
  typeof value === 'function' && typeof (value as Partial<Named>).stylePath === 'string';

it('rewrites every component style module of antd, and no other module', () => {
  expect(styleModules.length).toBeGreaterThan(100);
  expect(styleModules.map(relative)).toEqual(expect.arrayContaining(['button/style/index.js', 'tag/style/presetCmp.js', '_util/wave/style.js']));
  for (const kept of ['style/index.js', 'style/placementArrow.js', 'config-provider/style/index.js', 'theme/util/genStyleUtils.js', 'button/Button.js']) {
    expect(ANTD_STYLE_MODULE.test(path.join(esDir, kept))).toBe(false);
  }
});

describe.each([...importsOfStyleModules()].map(([file, names]) => [relative(file), file, [...names]] as const))('%s', (_name, file, names) => {
  const standIn = () => loadStandIn(file);
  const real = () => jest.requireActual(libTwin(file)) as Record<string, unknown>;

  it(`exports what antd's components import from it (${names.join(', ')})`, () => {
    for (const name of names) expect(standIn()[name]).toBeDefined();
  });

  it('gives the class names antd’s own style hooks give, keeps constants and draws nothing for sub-styles', () => {
    for (const name of names) {
      const mine = standIn()[name];
      const theirs = real()[name];
      if (!isStandIn(mine)) {
        expect(mine).toEqual(theirs);
        continue;
      }
      expect(mine.stylePath.startsWith(STYLE_PATH_PREFIX)).toBe(true);
      const displayName = (theirs as { displayName?: string }).displayName ?? '';
      if (displayName.startsWith('SubStyle_')) {
        // A sub-style component: antd's registers rules and renders nothing; the stand-in renders nothing.
        expect((mine as (p: { prefixCls: string }) => unknown)({ prefixCls: 'ant-test' })).toBeNull();
        continue;
      }
      const { result } = renderHook(() => ({ mine: mine('ant-test'), theirs: (theirs as (p: string) => unknown)('ant-test') }), { wrapper });
      expect(result.current.mine).toEqual(result.current.theirs);
    }
  });
});

it('leaves the generators out', () => {
  const file = path.join(esDir, 'button/style/index.js');
  const source = fs.readFileSync(file, 'utf8');
  const out = styleStandIn(source, file, STAND_IN_MODULE);
  expect(out).toBe(`import { staticStyleHooks } from "${STAND_IN_MODULE}";\nexport default staticStyleHooks("${STYLE_PATH_PREFIX}Button-Button");\n`);
  const total = styleModules.reduce((sum, f) => sum + styleStandIn(fs.readFileSync(f, 'utf8'), f, STAND_IN_MODULE).length, 0);
  const original = styleModules.reduce((sum, f) => sum + fs.statSync(f).size, 0);
  expect(total).toBeLessThan(original / 50);
});
