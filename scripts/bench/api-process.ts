/**
 * The API as a process of its own, as production runs it: the compiled build (`dist/api/main.js`,
 * built first when its sources changed) or `BENCH_API_COMMAND`. Benches drive it from their own
 * process, so their clients do not share its thread.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { apiCommand, buildApiIfStale } from '../lib/api-build';
import { freePort } from '../lib/measure-start';

const ROOT = path.resolve(__dirname, '../..');
const API_COMMAND = process.env.BENCH_API_COMMAND ?? [apiCommand().cmd, ...apiCommand().args].join(' ');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds the API when its sources changed, unless another command was asked for. */
export function buildApiForBench() {
  if (!process.env.BENCH_API_COMMAND) buildApiIfStale();
}

/** `command` in a process group of its own (stopGroup ends it and its children). */
export function spawnGroup(command: string, env: Record<string, string>): ChildProcess {
  const child = spawn('bash', ['-c', `exec ${command}`], { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => { errors = (errors + chunk.toString()).slice(-4000); });
  child.on('exit', (code) => { if (code && code !== 143 && code !== 130) console.error(`${command} exited ${code}:\n${errors}`); });
  return child;
}

export async function stopGroup(child: ChildProcess) {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The group is gone already.
    }
  };
  if (child.exitCode !== null || child.signalCode !== null) return signal('SIGTERM');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signal('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  signal('SIGKILL');
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface ApiProcess { child: ChildProcess; url: string; startMs: number }

/** Starts the API (or `command`) on a free port with `env` (NODE_ENV=production) and waits until /healthz answers. */
export async function startApi(env: Record<string, string>, command = API_COMMAND): Promise<ApiProcess> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnGroup(command, { ...env, API_PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, child);
  return { child, url, startMs: performance.now() - started };
}
