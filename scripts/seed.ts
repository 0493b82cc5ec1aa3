import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfigOrExit } from '../src/server/config';
import { runningApiPid } from '../src/server/lib/pid-file';
import { seedDemo } from '../src/server/seed/demo';
import { formatDemoAccounts } from '../src/server/seed/print-accounts';

/**
 * `npm run seed`: wipes the database, uploads and outbox, then seeds the demo accounts.
 * Refuses while the API runs on a PGlite data directory (one process per directory).
 */
async function main() {
  const config = loadConfigOrExit({ ...process.env, SEED_DEMO: 'false' });
  if (!config.databaseUrl) {
    const pid = runningApiPid(config.dataDir);
    if (pid) {
      console.error(`The API is running on ${config.dataDir} (pid ${pid}); stop it first.`);
      process.exit(1);
    }
    await fs.rm(path.join(config.dataDir, 'db'), { recursive: true, force: true });
  } else {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    await client.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;');
    await client.end();
  }
  for (const dir of ['uploads', 'mail']) await fs.rm(path.join(config.dataDir, dir), { recursive: true, force: true });

  const app = await buildApp({ ...config, logLevel: 'warn' });
  const accounts = await seedDemo(app);
  await app.close();
  console.log(formatDemoAccounts(accounts));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
