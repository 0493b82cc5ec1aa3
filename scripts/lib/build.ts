import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(__dirname, '../..');
// Everything `next build` compiles (the API has its own build: api-build.ts).
const webInputs = ['pages', 'src/client', 'src/common', 'styles', 'public', 'next.config.js', 'package.json', 'tsconfig.json'];

/** The newest modification time of the given files and folders (relative to the repository), 0 when none exists. */
export function newestMtime(paths: string[]): number {
  return Math.max(0, ...paths.map((p) => newestMtimeOf(path.join(root, p))));
}

function newestMtimeOf(full: string): number {
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtimeOf(path.join(full, entry)));
  return newest;
}

/** True when there is no production build or a web source changed after it was made. */
export function webBuildIsStale(): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId)) return true;
  return newestMtime(webInputs) > fs.statSync(buildId).mtimeMs;
}

export function buildWebIfStale(): void {
  if (webBuildIsStale()) buildWeb();
}

/** `next build`; exits the process when it fails. */
export function buildWeb(): void {
  console.log('[build] building the web app (next build)…');
  const result = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[build] next build failed');
    process.exit(result.status ?? 1);
  }
}
