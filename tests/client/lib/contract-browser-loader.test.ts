import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The browser's copy of the contracts (next.config.js `turbopack.rules`): each file, cut down by
 * the loader, must still run on the browser's TypeBox stand-in and give every route the same
 * method and url as the file as written, and nothing more (the client reads nothing more).
 */
const { stripContract } = require('../../../scripts/lib/contract-browser-loader.js') as { stripContract: (source: string, file: string) => string };

const contractDir = path.resolve(__dirname, '../../../src/common/contract');
const files = fs.readdirSync(contractDir).filter((f) => f.endsWith('.ts'));
const stripped = new Map<string, Record<string, unknown>>();

/** Evaluates the cut-down file; its relative imports are cut down too, the rest is required as usual. */
function loadStripped(file: string): Record<string, unknown> {
  const cached = stripped.get(file);
  if (cached) return cached;
  const source = fs.readFileSync(path.join(contractDir, file), 'utf8');
  const code = ts.transpileModule(stripContract(source, file), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  stripped.set(file, module.exports);
  const load = (id: string) => {
    if (id === 'typebox') return jest.requireActual('@/client/lib/typebox-browser');
    if (id.startsWith('./')) return loadStripped(`${id.slice(2)}.ts`);
    return jest.requireActual(path.join(contractDir, id));
  };
  new Function('require', 'module', 'exports', code)(load, module, module.exports);
  return module.exports;
}

type Route = { method: string; url: string };
const isRoute = (value: unknown): value is Route =>
  Boolean(value && typeof value === 'object' && 'method' in value && 'url' in value);

function routesOf(exports: Record<string, unknown>): Record<string, Route> {
  const out: Record<string, Route> = {};
  for (const [name, table] of Object.entries(exports)) {
    if (!table || typeof table !== 'object') continue;
    for (const [key, route] of Object.entries(table)) if (isRoute(route)) out[`${name}.${key}`] = route;
  }
  return out;
}

it.each(files)('%s keeps each route\'s method and url, and only those', (file) => {
  const written = routesOf(jest.requireActual(path.join(contractDir, file)));
  const cut = routesOf(loadStripped(file));
  expect(Object.keys(cut).sort()).toEqual(Object.keys(written).sort());
  for (const [name, route] of Object.entries(cut)) {
    expect(route).toEqual({ method: written[name].method, url: written[name].url });
  }
});

it('leaves out the summaries and schemas', () => {
  const source = fs.readFileSync(path.join(contractDir, 'social.ts'), 'utf8');
  const out = stripContract(source, 'social.ts');
  expect(out).toContain("url: '/follows/:id'");
  expect(out).not.toMatch(/summary|tags:|schema:|maxLength/);
  expect(out.length).toBeLessThan(source.length / 2);
});
