import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite lets only one process open a data directory, so the API records its pid there and
 * tools that would open the same directory (the settings CLI) can refuse instead of corrupting it.
 */
const pidPath = (dataDir: string) => path.join(dataDir, 'api.pid');

export function writePidFile(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(pidPath(dataDir), `${process.pid}\n`);
}

/** Removes the file only when it is ours, so a second instance stopping cannot unmark the first. */
export function removePidFile(dataDir: string): void {
  if (readPid(dataDir) === process.pid) fs.rmSync(pidPath(dataDir), { force: true });
}

function readPid(dataDir: string): number | null {
  let raw: string;
  try {
    raw = fs.readFileSync(pidPath(dataDir), 'utf8').trim();
  } catch {
    return null;
  }
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

/** The pid of the API recorded in `dataDir` when that process is still alive; a stale file counts as none. */
export function runningApiPid(dataDir: string): number | null {
  const pid = readPid(dataDir);
  if (pid === null || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: the process exists but belongs to another user; it is still running.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
