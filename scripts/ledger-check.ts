/** `npm run ledger:check`: see src/server/modules/ledger/ledger-check.cli.ts. */
import { runLedgerCheckCli } from '../src/server/modules/ledger/ledger-check.cli';

runLedgerCheckCli(process.env)
  .then((code) => process.exit(code))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
