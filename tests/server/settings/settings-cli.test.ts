import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runSettingsCli } from '../../../src/server/modules/settings/settings.cli';
import { removePidFile, runningApiPid, writePidFile } from '../../../src/server/lib/pid-file';
import { startTestServer } from '../../support/server';
import { prepareDiskDatabase } from '../../support/pglite-template';

// Every CLI call opens PGlite on disk (its WASM, the server, the migrations check): about 1 s on an
// idle machine, several on a busy CI one, and the first test makes ten of them.
jest.setTimeout(120_000);

let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-cli-'));
  // PGlite in DATA_DIR/db, as `npm run settings` uses it on a machine without DATABASE_URL.
  env = { NODE_ENV: 'test', DATA_DIR: dataDir };
  await prepareDiskDatabase(dataDir);
}, 120_000);
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSettingsCli(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const MENUS = '[{"title":"Help","path":"/help","section":"footer"}]';

describe('settings CLI', () => {
  it('sets values parsed by each key type, answering what it stored', async () => {
    expect(await cli('set', 'requireEmailVerification', 'true')).toEqual({ code: 0, out: 'requireEmailVerification = true', err: '' });
    expect((await cli('set', 'minimumTipPrice', '12.5')).out).toBe('minimumTipPrice = 12.5');
    expect((await cli('set', 'siteName', 'My Fan Site')).out).toBe('siteName = "My Fan Site"');
    expect((await cli('set', 'blockedCountries', '["DE","FR"]')).out).toBe('blockedCountries = ["DE","FR"]');
    expect((await cli('set', 'menus', MENUS)).code).toBe(0);
  });

  it('reads back what was set, one key or all, as JSON or as a table', async () => {
    expect(await cli('get', 'requireEmailVerification')).toEqual({ code: 0, out: 'true', err: '' });
    expect(JSON.parse((await cli('get', 'menus')).out)).toEqual(JSON.parse(MENUS));
    const all = JSON.parse((await cli('get')).out);
    expect(all).toMatchObject({ siteName: 'My Fan Site', minimumTipPrice: 12.5, blockedCountries: ['DE', 'FR'], volume: 1 });
    const list = (await cli('list')).out.split('\n');
    // 35 before issue 16, plus reCaptchaEnabled and reCaptchaSiteKey (the derived paymentTestMode is not listed).
    expect(list).toHaveLength(37);
    expect(list.find((l) => l.startsWith('blockedCountries'))).toMatch(/array\s+private\s+\["DE","FR"\]/);
  });

  it('refuses bad values and unknown keys with a clear message and exit code 1, changing nothing', async () => {
    const cases: [string[], RegExp][] = [
      [['set', 'requireEmailVerification', 'yes'], /requireEmailVerification must be true or false/],
      [['set', 'volume', 'loud'], /volume must be a number/],
      [['set', 'volume', '5'], /volume must be <= 1/],
      [['set', 'freeSubscriptionDuration', '1.5'], /freeSubscriptionDuration must be integer/],
      [['set', 'blockedCountries', 'DE'], /blockedCountries must be JSON, e\.g\. '\["DE","FR"\]'/],
      [['set', 'blockedCountries', '["de"]'], /blockedCountries\.0 must be a two-letter country code in capitals/],
      [['set', 'minimumTipPrice', '20000'], /minimumTipPrice \(20000\) must not exceed maximumTipPrice/],
      [['set', 'noSuchKey', '1'], /Unknown setting "noSuchKey"/],
      [['get', 'noSuchKey'], /Unknown setting "noSuchKey"/],
      [['set', 'siteName'], /Usage/],
      [[], /Usage/],
      [['drop', 'siteName'], /Usage/],
    ];
    for (const [argv, message] of cases) {
      const res = await cli(...argv);
      expect({ argv, code: res.code }).toEqual({ argv, code: 1 });
      expect(res.err).toMatch(message);
    }
    expect(JSON.parse((await cli('get')).out)).toMatchObject({ volume: 1, minimumTipPrice: 12.5, blockedCountries: ['DE', 'FR'] });
  });

  it('stops with a message naming the variable on bad configuration', async () => {
    const err: string[] = [];
    const code = await runSettingsCli(['get'], { ...env, DATABASE_URL: 'mysql://x' }, { out: () => {}, err: (l) => err.push(l) });
    expect(code).toBe(1);
    expect(err.join('\n')).toMatch(/^Invalid configuration: DATABASE_URL/);
  });

  it('refuses to open the data directory while the API runs on it', async () => {
    writePidFile(dataDir);
    try {
      expect(runningApiPid(dataDir)).toBe(process.pid);
      const res = await cli('set', 'siteName', 'Clash');
      expect(res.code).toBe(1);
      expect(res.err).toBe(
        `The API is running on this data directory (pid ${process.pid}); stop it first or use PUT /admin/settings`,
      );
    } finally {
      removePidFile(dataDir);
    }
    expect(runningApiPid(dataDir)).toBeNull();
    expect((await cli('get', 'siteName')).out).toBe('"My Fan Site"');
  });

  it('ignores a pid file left by a process that is gone', async () => {
    await fs.writeFile(path.join(dataDir, 'api.pid'), '999999999\n');
    expect(runningApiPid(dataDir)).toBeNull();
    expect((await cli('get', 'volume')).code).toBe(0);
    await fs.rm(path.join(dataDir, 'api.pid'));
  });

  it('writes what the API then serves on the same data directory', async () => {
    const server = await startTestServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      const res = await server.app.inject({ method: 'GET', url: '/settings/public' });
      expect(res.json().data).toMatchObject({ siteName: 'My Fan Site', requireEmailVerification: true });
    } finally {
      // Also drops the PostgreSQL database startTestServer makes when TEST_DATABASE_URL is set.
      await server.close();
    }
  });

  (process.env.TEST_DATABASE_URL ? it : it.skip)('on PostgreSQL, reaches a running API within its cache TTL', async () => {
    const server = await startTestServer();
    try {
      expect(await server.app.settings.get('siteName')).toBe('Creator Platform');
      const res = await runSettingsCli(['set', 'siteName', 'Shared'], { NODE_ENV: 'test', DATABASE_URL: server.config.databaseUrl! }, { out: () => {}, err: () => {} });
      expect(res).toBe(0);
      await new Promise((r) => setTimeout(r, 2100));
      expect(await server.app.settings.get('siteName')).toBe('Shared');
    } finally {
      await server.close();
    }
  });
});
