/** `npm run settings -- list | get [key] | set <key> <value>`: see src/server/modules/settings/settings.cli.ts. */
import { runSettingsCli } from '../src/server/modules/settings/settings.cli';

runSettingsCli(process.argv.slice(2), process.env)
  .then((code) => process.exit(code))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
