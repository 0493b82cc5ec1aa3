import { buildApp } from './app';
import { loadConfigOrExit } from './config';

/** Starts the API: listens, and on SIGTERM/SIGINT stops accepting, finishes requests and closes stores. */
async function main() {
  const config = loadConfigOrExit();
  const app = await buildApp(config);
  await app.listen({ port: config.apiPort, host: config.host });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
