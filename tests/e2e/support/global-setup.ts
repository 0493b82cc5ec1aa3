import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { chromiumPath, stateFile, type E2eState } from './env';
import { E2E_FIXTURES } from './fixtures';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { seedDemo } from '../../../src/server/seed/demo';
import { hashPassword } from '../../../src/server/modules/auth/password';
import { createUser, tables } from '../../support/db';
import { apiCommand, buildApiIfStale } from '../../../scripts/lib/api-build';
import { freePort } from '../../../scripts/lib/measure-start';

const root = path.resolve(__dirname, '../../..');

async function waitFor(url: string, label: string, logFile: string, timeoutMs = 90_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${label} did not start within ${timeoutMs / 1000}s; log:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`);
}

/** Demo accounts plus fixtures, written before the API opens the (single-process) PGlite directory. */
async function seed(dataDir: string) {
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: false });
  // Accounts only: the browser tests make the content they look at, and CI need not draw the demo's.
  await seedDemo(app, { content: false });
  const { email, password } = E2E_FIXTURES.performerWithoutUsername;
  const performer = await createUser(app, {
    role: 'performer', name: 'Nameless Performer', username: null, email, emailVerified: true,
    passwordHash: await hashPassword(password),
  });
  await app.db.insert(tables.performers).values({ userId: performer.id });
  await app.close();
}

/** Starts the real API and web processes on a temporary data dir, as `npm start` would. */
export default async function globalSetup() {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Browser tests need Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  }
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    throw new Error('Browser tests need a production build: run `npm test` (it builds) or `npx next build`');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-e2e-'));
  await seed(dataDir);
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    API_PORT: String(apiPort),
    PORT: String(webPort),
    API_ENDPOINT: apiUrl,
    WEB_ORIGIN: webUrl,
    HOST: '127.0.0.1',
    RATE_LIMIT_AUTH_MAX: '10000',
    RATE_LIMIT_MAX: '100000',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Live streaming needs the certificate besides the site's agoraEnable + app id (tokens are made offline).
    AGORA_APP_CERTIFICATE: '0123456789abcdef0123456789abcdef',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const apiLog = path.join(dataDir, 'api.log');
  const webLog = path.join(dataDir, 'web.log');
  // The compiled API, as `npm start` and production run it (built here when its sources changed).
  buildApiIfStale();
  const apiRun = apiCommand();
  const api = spawn(apiRun.cmd, apiRun.args, {
    cwd: root, env: env as NodeJS.ProcessEnv, stdio: ['ignore', fs.openSync(apiLog, 'a'), fs.openSync(apiLog, 'a')], detached: true,
  });
  const web = spawn(path.join(root, 'node_modules/.bin/next'), ['start', '-p', String(webPort), '-H', '127.0.0.1'], {
    cwd: root, env: env as NodeJS.ProcessEnv, stdio: ['ignore', fs.openSync(webLog, 'a'), fs.openSync(webLog, 'a')], detached: true,
  });
  const state: E2eState = { apiUrl, webUrl, dataDir, pids: [api.pid!, web.pid!] };
  fs.writeFileSync(stateFile, JSON.stringify(state));
  await waitFor(`${apiUrl}/readyz`, 'API', apiLog);
  await waitFor(`${webUrl}/auth/login`, 'Web', webLog);
}
