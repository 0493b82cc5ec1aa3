import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../src/server/db/client';
import { runLedgerCheckCli } from '../../../src/server/modules/ledger/ledger-check.cli';
import { prepareDiskDatabase } from '../../support/pglite-template';

// Opening PGlite on disk runs the migrations: slow on a busy machine.
jest.setTimeout(120_000);

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-ledger-cli-'));
  await prepareDiskDatabase(dataDir);
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

async function run() {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runLedgerCheckCli({ NODE_ENV: 'test', DATA_DIR: dataDir }, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

async function onDatabase(statement: string) {
  const handle = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await handle.db.execute(sql.raw(statement));
  } finally {
    await handle.close();
  }
}

describe('npm run ledger:check', () => {
  it('exits 0 on a sound ledger and 1 with every breach printed when a balance has no entries behind it', async () => {
    expect(await run()).toMatchObject({ code: 0, out: ['ok: 0 transactions, 0 accounts, 0 breaches'] });
    await onDatabase(`insert into ledger_accounts (kind, owner_id, balance_cents) values ('platform_revenue', null, 500)`);
    const broken = await run();
    expect(broken.code).toBe(1);
    expect(broken.err.join('\n')).toMatch(/BREACH account .* \(platform_revenue\): cached 500 but entries sum to 0 cents/);
    expect(broken.err.join('\n')).toMatch(/BREACH all balances sum to 500 cents instead of 0/);
    expect(broken.out).toEqual(['FAILED: 0 transactions, 1 accounts, 2 breaches']);
    await onDatabase(`update ledger_accounts set balance_cents = 0`);
    expect((await run()).code).toBe(0);
  });
});
