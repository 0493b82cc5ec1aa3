import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { QUERY_INSIDE_TRANSACTION } from '../../../src/server/db/client';

jest.setTimeout(30_000);

// PGlite only: on PostgreSQL a query outside the transaction simply takes another connection.
const onPglite = !process.env.TEST_DATABASE_URL;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

(onPglite ? describe : describe.skip)('PGlite transaction guard', () => {
  it('fails a query on the database issued inside an open transaction, instead of waiting forever', async () => {
    const { db } = server.app;
    await expect(db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await db.execute(sql`select 2`);
    })).rejects.toMatchObject({ cause: expect.objectContaining({ message: QUERY_INSIDE_TRANSACTION }) });
  });

  it('lets queries through the transaction, and work started inside it once it has closed', async () => {
    const { db } = server.app;
    let later: Promise<unknown> | null = null;
    const result = await db.transaction(async (tx) => {
      const rows = await tx.execute(sql`select 41 + 1 as answer`);
      // A job queued from inside the transaction runs once it is over.
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => db.execute(sql`select 1 as one`));
      return rows;
    });
    expect(JSON.stringify(result)).toContain('42');
    await expect(later).resolves.toBeDefined();
    await expect(db.execute(sql`select 3`)).resolves.toBeDefined();
  });
});

(onPglite ? describe : describe.skip)('DATABASE_URL=memory://', () => {
  it('keeps the database in memory (the migrated snapshot), writing nothing under DATA_DIR', async () => {
    // The config trims the URL to `memory:/`; reading that as a folder used to run initdb on disk
    // for every test file instead of loading the snapshot.
    expect(server.config.databaseUrl).toMatch(/^memory:/);
    expect(fs.existsSync(path.join(server.dataDir, 'db'))).toBe(false);
    await expect(server.app.db.execute(sql`select 1`)).resolves.toBeDefined();
  });
});
