import net from 'node:net';
import { spawn } from 'node:child_process';
import { apiCommand, buildApiIfStale } from './api-build';
import { bin, root } from './processes';
import { treeRss } from './proc-stats';

/** How the API process is run: `compiled` is what `npm start` runs, `tsx` what `npm run start:api` runs. */
export type ApiRunner = 'compiled' | 'tsx';

export interface StartFigures {
  /** From spawning the process to the first 200 of GET /healthz (port open, plugins loaded, database migrated). */
  readyMs: number;
  /** Resident memory of the process and its children (tsx runs node in a child) once ready. */
  rssReadyMb: number;
  /** The same after a warm-up of `warmupRequests` reads across a few routes. */
  rssWarmMb: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Resident memory in MB of a process and all its descendants (Linux /proc). */
export const treeRssMb = (pid: number): number => treeRss(pid)[1];

const WARMUP_PATHS = ['/healthz', '/settings/public', '/performers/user/search?limit=12', '/countries/list', '/posts/search?limit=12'];

/**
 * Starts the API once (env: DATA_DIR or DATABASE_URL and the rest), times it to ready, reads its
 * memory, and stops it (SIGTERM, waited for). The other helpers' benches call this too.
 */
export async function measureApiStart(runner: ApiRunner, env: Record<string, string>, warmupRequests = 500): Promise<StartFigures> {
  if (runner === 'compiled') buildApiIfStale();
  const port = await freePort();
  const command = runner === 'compiled' ? apiCommand() : { cmd: bin('tsx'), args: ['src/server/main.ts'] };
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(command.cmd, command.args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'false', HOST: '127.0.0.1', API_PORT: String(port), API_ENDPOINT: base, WEB_ORIGIN: 'http://127.0.0.1:3000', RATE_LIMIT_MAX: '1000000', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}: ${stderr.slice(-2000)}`);
      if (performance.now() - started > 120_000) throw new Error(`the API was not ready in 120 s: ${stderr.slice(-2000)}`);
      const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const readyMs = performance.now() - started;
    const rssReadyMb = treeRssMb(child.pid!);
    for (let i = 0; i < warmupRequests; i++) {
      const res = await fetch(base + WARMUP_PATHS[i % WARMUP_PATHS.length]);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${WARMUP_PATHS[i % WARMUP_PATHS.length]} answered ${res.status}`);
    }
    return { readyMs, rssReadyMb, rssWarmMb: treeRssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
