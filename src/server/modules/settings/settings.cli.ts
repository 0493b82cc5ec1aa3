import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { runningApiPid } from '../../lib/pid-file';
import { checkSettingValue, createSettingsService, isPublicSettingKey, isSettingKey, SETTING_KEYS, settingSchema } from './settings.service';
import { DERIVED_SETTING_KEYS, type SettingKey } from '../../../common/constants/settings';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

const USAGE = [
  'Usage: npm run settings -- <command>',
  '  list                 every setting with its type and current value',
  '  get                  every setting as JSON',
  '  get <key>            one setting as JSON',
  '  set <key> <value>    change a setting (true/false, numbers, JSON for lists and objects, text as is)',
].join('\n');

class CliError extends Error {}

const typeOf = (key: SettingKey) => String((settingSchema(key) as { type?: string }).type ?? 'json');

/** Turns the command-line text into a value of the setting's type. */
export function parseSettingValue(key: SettingKey, raw: string): unknown {
  const type = typeOf(key);
  if (type === 'boolean') {
    if (raw === 'true' || raw === 'false') return raw === 'true';
    throw new CliError(`${key} must be true or false, got "${raw}"`);
  }
  if (type === 'number' || type === 'integer') {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) throw new CliError(`${key} must be a number, got "${raw}"`);
    return n;
  }
  if (type === 'array' || type === 'object') {
    try {
      return JSON.parse(raw);
    } catch {
      const example = key === 'blockedCountries' ? `'["DE","FR"]'` : type === 'array' ? `'[...]'` : `'{...}'`;
      throw new CliError(`${key} must be JSON, e.g. ${example}`);
    }
  }
  return raw;
}

function requireKey(key: string | undefined): SettingKey {
  if (!key) throw new CliError(`Name a setting.\n${USAGE}`);
  if (!isSettingKey(key)) throw new CliError(`Unknown setting "${key}". Settings: ${SETTING_KEYS.join(', ')}`);
  return key;
}

/**
 * The settings CLI without the process around it (tests call it directly): returns the exit
 * code. Arguments are checked before the database is opened, so a typo fails fast.
 */
export async function runSettingsCli(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  io: CliIo = consoleIo,
): Promise<number> {
  const [command, key, raw, ...extra] = argv;
  let run: (service: ReturnType<typeof createSettingsService>) => Promise<void>;
  try {
    if (command === 'list' && !key) {
      run = async (s) => {
        const all = await s.getAll();
        // Derived values (paymentTestMode) are the running API's to work out, not stored settings.
        for (const k of SETTING_KEYS.filter((key) => !DERIVED_SETTING_KEYS.includes(key))) {
          io.out(`${k.padEnd(26)} ${typeOf(k).padEnd(8)} ${isPublicSettingKey(k) ? 'public ' : 'private'} ${JSON.stringify(all[k])}`);
        }
      };
    } else if (command === 'get' && !raw) {
      const k = key === undefined ? null : requireKey(key);
      run = async (s) => io.out(JSON.stringify(k ? await s.get(k) : await s.getAll(), null, 2));
    } else if (command === 'set' && raw !== undefined && !extra.length) {
      const k = requireKey(key);
      const value = parseSettingValue(k, raw);
      const problems = checkSettingValue(k, value);
      if (problems.length) throw new CliError(problems.map((p) => p.message).join('; '));
      run = async (s) => {
        const all = await s.set({ [k]: value });
        io.out(`${k} = ${JSON.stringify(all[k])}`);
      };
    } else {
      throw new CliError(USAGE);
    }
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    io.err(err.message);
    return 1;
  }

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
      io.err(`The API is running on this data directory (pid ${pid}); stop it first or use PUT /admin/settings`);
      return 1;
    }
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await run(createSettingsService(handle.db, { cacheTtlMs: 0 }));
    return 0;
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    io.err(err.message);
    return 1;
  } finally {
    await handle.close();
  }
}
