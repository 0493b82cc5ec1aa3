import { buildApp } from './app';
import { loadConfigOrExit, webOriginWarning } from './config';
import { removePidFile, writePidFile } from './lib/pid-file';
import { seedDemo } from './seed/demo';
import { formatDemoAccounts } from './seed/print-accounts';

/** Starts the API: listens, and on SIGTERM/SIGINT stops accepting, finishes requests and closes stores. */
async function main() {
  const config = loadConfigOrExit();
  const originWarning = webOriginWarning(config);
  if (originWarning) console.warn(`Warning: ${originWarning}`);
  const app = await buildApp(config);
  if (config.seedDemo) {
    // The accounts are there before the API listens; their content follows while it serves.
    const accounts = await seedDemo(app, { content: 'background' });
    if (accounts.length) console.log(formatDemoAccounts(accounts));
  }
  await app.listen({ port: config.apiPort, host: config.host });
  // PGlite allows one process per data directory: tools check this file before opening it.
  const usesPglite = !config.databaseUrl;
  if (usesPglite) writePidFile(config.dataDir);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Stops accepting connections, waits for in-flight requests, closes sockets, Redis and the database.
    await app.close();
    if (usesPglite) removePidFile(config.dataDir);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
