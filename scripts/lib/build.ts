import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ANTD_STYLESHEET_MANIFEST, type AntdStylesheetManifest } from '../../src/client/theme/antd-stylesheet';

const root = path.resolve(__dirname, '../..');
// Everything `next build` compiles (the API has its own build: api-build.ts).
// Our Turbopack loaders (next.config.js `turbopack.rules`): Turbopack's build cache keys a module's
// transform on the module and the rule, not on the loader's own code.
const webLoaders = ['scripts/lib/contract-browser-loader.js', 'scripts/lib/antd-style-browser-loader.js', 'scripts/lib/antd-imports-browser-loader.js'];
const webInputs = ['pages', 'src/client', 'src/common', 'styles', 'public', 'next.config.js', 'package.json', 'tsconfig.json', 'scripts/lib/antd-stylesheet.ts', ...webLoaders];

/** The newest modification time of the given files and folders (relative to the repository, Markdown left out), 0 when none exists. */
export function newestMtime(paths: string[]): number {
  return Math.max(0, ...paths.map((p) => newestMtimeOf(path.join(root, p))));
}

function newestMtimeOf(full: string): number {
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  // The folders' READMEs are documentation: editing one must not cost a rebuild.
  if (!stat.isDirectory()) return full.endsWith('.md') ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtimeOf(path.join(full, entry)));
  return newest;
}

/** True when there is no production build or a web source changed after it was made. */
export function webBuildIsStale(): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId) || !antdStylesheetExists()) return true;
  return newestMtime(webInputs) > fs.statSync(buildId).mtimeMs;
}

export function buildWebIfStale(): void {
  if (webBuildIsStale()) buildWeb();
}

function antdStylesheetExists(): boolean {
  const manifest = path.join(root, ANTD_STYLESHEET_MANIFEST);
  if (!fs.existsSync(manifest)) return false;
  const { href } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as AntdStylesheetManifest;
  return fs.existsSync(path.join(root, 'public', href));
}

/**
 * antd's static stylesheet for the given NODE_ENV (its class hashes differ between development and
 * production), in a child process so this one's NODE_ENV and module cache stay untouched.
 */
export function buildAntdStylesheetFor(nodeEnv: 'production' | 'development'): void {
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/lib/antd-stylesheet.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: nodeEnv },
  });
  if (result.status !== 0) {
    console.error('[build] making the antd stylesheet failed');
    process.exit(result.status ?? 1);
  }
}

/**
 * Turbopack keeps each module's transform in `.next/cache/turbopack` across builds and does not see
 * a change to a loader's own code: a build after editing one reused the old output (the antd style
 * loader's first change never reached the chunks). So the cache goes when a loader is newer than it.
 */
function dropTurbopackCacheIfLoadersChanged(): void {
  const cache = path.join(root, '.next', 'cache', 'turbopack');
  if (!fs.existsSync(cache)) return;
  if (newestMtime(webLoaders) > fs.statSync(cache).mtimeMs) fs.rmSync(cache, { recursive: true, force: true });
}

/** antd's stylesheet, then `next build`; exits the process when either fails. */
export function buildWeb(): void {
  buildAntdStylesheetFor('production');
  dropTurbopackCacheIfLoadersChanged();
  console.log('[build] building the web app (next build)…');
  const result = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[build] next build failed');
    process.exit(result.status ?? 1);
  }
}
