import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { newestMtime } from './build';

const root = path.resolve(__dirname, '../..');
/** The compiled API: one CommonJS file with its source map, and beside it what it reads by path. */
export const apiDist = path.join(root, 'dist', 'api');
export const apiEntry = path.join(apiDist, 'main.js');
// Everything bundled into main.js, and the migrations copied beside it.
const apiInputs = ['src/server', 'src/common', 'package.json', 'tsconfig.json', 'scripts/lib/api-build.ts'];

/**
 * How production runs the API: plain node on the compiled file (no TypeScript loader). Source maps
 * make stack traces in the logs name the .ts files and lines.
 */
export const apiCommand = () => ({ cmd: process.execPath, args: ['--enable-source-maps', apiEntry] });

export function apiBuildIsStale(): boolean {
  if (!fs.existsSync(apiEntry)) return true;
  return newestMtime(apiInputs) > fs.statSync(apiEntry).mtimeMs;
}

/**
 * Bundles src/server/main.ts and the code it imports from src/ into dist/api/main.js; packages stay
 * in node_modules (native modules, wasm and data files are found there as in development). The
 * database client finds its migrations at `__dirname/migrations`, so they are copied beside the
 * bundle; every other file the API reads by path comes from a package (require.resolve). Written
 * to a fresh folder and moved into place, so a process starting meanwhile never sees half a build.
 */
export function buildApi(): void {
  const started = Date.now();
  const tmp = `${apiDist}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  buildSync({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(tmp, 'main.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(tmp, 'migrations'), { recursive: true });
  fs.rmSync(apiDist, { recursive: true, force: true });
  fs.renameSync(tmp, apiDist);
  console.log(`[build] API compiled to ${path.relative(root, apiEntry)} in ${Date.now() - started} ms`);
}

export function buildApiIfStale(): void {
  if (apiBuildIsStale()) buildApi();
}
