import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(__dirname, '../..');
export const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

/**
 * Runs the given processes together, prefixing their output; when one exits or a signal arrives,
 * the others get SIGTERM (the API then shuts down gracefully) and this process exits.
 */
export function runTogether(procs: { name: string; cmd: string; args: string[]; env?: Record<string, string> }[]) {
  const children: ChildProcess[] = [];
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    setTimeout(() => process.exit(code), 12_000).unref();
    Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(() =>
      process.exit(code),
    );
  };
  for (const p of procs) {
    const child = spawn(p.cmd, p.args, { cwd: root, env: { ...process.env, ...p.env } as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = `[${p.name}] `;
    child.stdout!.on('data', (d: Buffer) => process.stdout.write(prefixLines(prefix, d)));
    child.stderr!.on('data', (d: Buffer) => process.stderr.write(prefixLines(prefix, d)));
    child.on('exit', (code) => {
      if (!stopping) console.error(`${prefix}exited with code ${code}`);
      stopAll(code ?? 1);
    });
    children.push(child);
  }
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
}

function prefixLines(prefix: string, data: Buffer): string {
  return data
    .toString()
    .split(/(?<=\n)/)
    .map((line) => prefix + line)
    .join('');
}
