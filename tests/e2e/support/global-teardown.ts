import fs from 'node:fs';
import { readState, stateFile } from './env';

export default async function globalTeardown() {
  if (!fs.existsSync(stateFile)) return;
  const { pids, dataDir } = readState();
  for (const pid of pids) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, 1500));
  if (!process.env.KEEP_E2E_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(stateFile, { force: true });
}
