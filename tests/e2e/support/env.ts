import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where global setup leaves the addresses and process ids of the servers it started. */
export const stateFile = path.join(os.tmpdir(), 'cp-e2e-state.json');

export interface E2eState {
  apiUrl: string;
  webUrl: string;
  dataDir: string;
  pids: number[];
}

export const readState = (): E2eState => JSON.parse(fs.readFileSync(stateFile, 'utf8'));

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
