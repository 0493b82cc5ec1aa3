import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(__dirname, '../..');
// Everything `next build` compiles; the API runs from source and needs no build.
const webInputs = ['pages', 'src/client', 'src/common', 'styles', 'public', 'next.config.js', 'package.json', 'tsconfig.json'];

function newestMtime(p: string): number {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when there is no production build or a web source changed after it was made. */
export function webBuildIsStale(): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId)) return true;
  const builtAt = fs.statSync(buildId).mtimeMs;
  return webInputs.some((p) => newestMtime(p) > builtAt);
}

export function buildWebIfStale(): void {
  if (!webBuildIsStale()) return;
  console.log('[build] building the web app (next build)…');
  const result = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[build] next build failed');
    process.exit(result.status ?? 1);
  }
}
