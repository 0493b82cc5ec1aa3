import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { apiCommand, buildApiIfStale } from './api-build';
import { buildWebIfStale } from './build';
import { freePort } from './measure-start';
import { treeCpuMs } from './proc-stats';
import { bin, root } from './processes';

export interface RunningSite {
  webUrl: string;
  apiUrl: string;
  dataDir: string;
  /**
   * Resolves once the API (with its ffmpeg children) has been idle for two 3-second windows: the
   * demo content is drawn and transcoded after start, and a measurement taken meanwhile shares
   * the machine with it. Gives up after `timeoutMs`.
   */
  settle(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const QUIET_CPU_SHARE = 0.05;

async function settleProcess(pid: number, timeoutMs: number): Promise<void> {
  const windowMs = 3000;
  const deadline = Date.now() + timeoutMs;
  let quietWindows = 0;
  while (quietWindows < 2 && Date.now() < deadline) {
    const before = treeCpuMs(pid);
    await new Promise((r) => setTimeout(r, windowMs));
    quietWindows = (treeCpuMs(pid) - before) / windowMs < QUIET_CPU_SHARE ? quietWindows + 1 : 0;
  }
}

async function waitFor(url: string, label: string, log: string, running: () => boolean, timeoutMs = 120_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs && running()) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${label} did not start:\n${fs.readFileSync(log, 'utf8').slice(-3000)}`);
}

/**
 * The production site as `npm start` runs it (built when stale, compiled API, `next start`), on a
 * fresh data directory with the demo accounts and content, on free ports. For benchmarks.
 */
export async function startSite(): Promise<RunningSite> {
  buildWebIfStale();
  buildApiIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-site-'));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    API_PORT: String(apiPort),
    PORT: String(webPort),
    API_ENDPOINT: apiUrl,
    WEB_ORIGIN: webUrl,
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    // A benchmark sends thousands of requests from one address.
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const log = path.join(dataDir, 'site.log');
  const out = () => fs.openSync(log, 'a');
  const api = apiCommand();
  const children: ChildProcess[] = [
    spawn(api.cmd, api.args, { cwd: root, env, stdio: ['ignore', out(), out()] }),
    spawn(bin('next'), ['start', '-p', String(webPort), '-H', '127.0.0.1'], { cwd: root, env, stdio: ['ignore', out(), out()] }),
  ];
  const stop = async () => {
    await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => { c.once('exit', r); c.kill('SIGTERM'); }))));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const running = () => children.every((c) => c.exitCode === null);
    await waitFor(`${apiUrl}/readyz`, 'API', log, running);
    await waitFor(`${webUrl}/auth/login`, 'web', log, running);
  } catch (err) {
    await stop();
    throw err;
  }
  return { webUrl, apiUrl, dataDir, stop, settle: (timeoutMs = 300_000) => settleProcess(children[0].pid!, timeoutMs) };
}
