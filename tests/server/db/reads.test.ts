import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { readAll } from '../../../src/server/db/reads';
import { rowsOf } from '../../../src/server/db/rows';
import type { Executor } from '../../../src/server/db/client';

/**
 * readAll: reads at once on the pool, one after the other in a transaction (its one connection
 * takes one query at a time; pg warns of queued queries and pg 9 refuses them).
 */
jest.setTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function tracedReads(db: Executor) {
  const events: string[] = [];
  const read = (name: string, value: number) => async () => {
    events.push(`${name} start`);
    const [row] = rowsOf(await db.execute(sql`select ${value}::int as v`));
    events.push(`${name} end`);
    return Number(row.v);
  };
  return { events, a: read('a', 1), b: read('b', 2) };
}

it('runs the reads one after the other in a transaction, each answering', async () => {
  const { events, answers } = await server.app.db.transaction(async (tx) => {
    const traced = tracedReads(tx);
    return { events: traced.events, answers: await readAll(tx, traced.a, traced.b) };
  });
  expect(answers).toEqual([1, 2]);
  expect(events).toEqual(['a start', 'a end', 'b start', 'b end']);
});

it('runs them at once on the pool', async () => {
  const { events, a, b } = tracedReads(server.app.db);
  expect(await readAll(server.app.db, a, b)).toEqual([1, 2]);
  expect(events.slice(0, 2)).toEqual(['a start', 'b start']);
});
