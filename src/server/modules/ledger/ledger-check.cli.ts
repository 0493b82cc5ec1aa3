import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { runningApiPid } from '../../lib/pid-file';
import { checkLedger } from './ledger-check.repository';

/**
 * `npm run ledger:check`: verifies the ledger of the configured database and exits 1 on any
 * breach (each printed on its own line), 0 when every invariant holds.
 */
export async function runLedgerCheckCli(env: NodeJS.ProcessEnv, io = { out: console.log, err: console.error }): Promise<number> {
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  }
  // PGlite on disk allows one process: opening the API's directory beside it would corrupt it.
  if (!config.databaseUrl) {
    const pid = runningApiPid(config.dataDir);
    if (pid !== null) {
      io.err(`The API is running on this data directory (pid ${pid}); stop it first or run the check from the console (POST /admin/ledger-check)`);
      return 1;
    }
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await checkLedger(handle.db);
    for (const breach of result.breaches) io.err(`BREACH ${breach}`);
    io.out(`${result.ok ? 'ok' : 'FAILED'}: ${result.transactions} transactions, ${result.accounts} accounts, ${result.breaches.length} breaches`);
    return result.ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}
