/**
 * What notifications cost on the hot paths (issue 14 section 3): fills a scratch database with one
 * creator and N fans subscribed to them, then measures through the real app (inject):
 *   - the statements one event adds: a tip's round trips to the database with and without the
 *     tip_received notification (counted on PostgreSQL, where every statement is a pool query);
 *   - a tip's latency (p50/p95), which includes the notification's INSERT;
 *   - a post to N subscribers: the request (one INSERT ... SELECT for all of them), its statement
 *     count, and the background fan-out of the pushes that follows the commit;
 *   - a person's list and unread count with thousands of notifications.
 *
 *   npx tsx scripts/bench/notifications.ts [subscribers=10000] [runs=30]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/notifications.ts
 *
 * Default is in-memory PGlite (statement counts need BENCH_DATABASE_URL); with BENCH_DATABASE_URL a
 * database is created on that server for the run and dropped afterwards.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { ledgerRepository } from '../../src/server/modules/ledger/ledger.repository';
import { topUpPosting } from '../../src/server/modules/ledger/postings';
import { scratchDatabase, timeCalls } from './bench-lib';

const SUBSCRIBERS = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 30);

/** Counts the statements sent through node-postgres (PostgreSQL only). */
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const percentile = (times: number[], q: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(q * times.length))];

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-bench-'));
  const database = await scratchDatabase();
  const onPostgres = database.url !== 'memory://';
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: database.url, SEED_DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' }),
    { logger: false },
  );
  await app.ready();
  try {
    const run = (text: string) => app.db.execute(sql.raw(text));
    const fill = Date.now();
    await run(`insert into users (role, name, username, email, email_verified) values ('performer', 'Bench Creator', 'benchcreator', 'creator@bench.test', true)`);
    await run(`insert into performers (user_id, verification_status) select id, 'approved' from users where username = 'benchcreator'`);
    await run(`
      insert into users (role, name, username, email, email_verified)
      select 'user', 'Fan ' || g, 'fan' || g, 'fan' || g || '@bench.test', true from generate_series(1, ${SUBSCRIBERS}) g`);
    await run(`
      insert into subscriptions (user_id, performer_id, type, status, expires_at)
      select u.id, c.id, 'monthly', 'active', now() + interval '20 days'
      from users u, users c where u.role = 'user' and c.username = 'benchcreator'`);
    // The creator's own list: thousands of older notifications, a fifth unread.
    await run(`
      insert into notifications (user_id, kind, actor_id, link, data, read_at, created_at)
      select c.id, 'follower_new', u.id, '/creator/followers', '{}'::jsonb, case when u.username like '%5' then null else now() end,
             now() - (random() * 30 || ' days')::interval
      from users u, users c where u.role = 'user' and c.username = 'benchcreator'`);
    await run(onPostgres ? 'vacuum analyze' : 'analyze');
    const ids = async (username: string) =>
      ((await app.db.execute(sql`select id from users where username = ${username}`)) as unknown as { rows: { id: string }[] }).rows[0].id;
    const creatorId = await ids('benchcreator');
    const tipperId = await ids('fan1');
    await app.db.transaction((tx) => ledgerRepository.post(tx, topUpPosting(tipperId, 10_000_000, crypto.randomUUID())));
    const creator = { authorization: (await app.tokens.issue(creatorId, false)).token };
    const tipper = { authorization: (await app.tokens.issue(tipperId, false)).token };
    console.log(`filled 1 creator, ${SUBSCRIBERS} subscribers, ${SUBSCRIBERS} notifications in ${((Date.now() - fill) / 1000).toFixed(1)} s (${onPostgres ? 'PostgreSQL' : 'PGlite'})`);

    const tip = () => app.inject({ method: 'POST', url: `/wallet/charges/tip/${creatorId}`, headers: tipper, payload: { amount: 10 } });
    const tipStatements = async () => {
      await tip();
      const before = statements;
      const res = await tip();
      if (res.statusCode !== 200) throw new Error(`tip answered ${res.statusCode}: ${res.body}`);
      return statements - before;
    };
    if (onPostgres) {
      const tipTotal = await tipStatements();
      const before = statements;
      await app.db.transaction((tx) => app.notifications.notify(tx, { userId: creatorId, kind: 'tip_received', actorId: tipperId, data: { amount: 1 } }));
      // BEGIN and COMMIT are the transaction's; what notify adds is the rest.
      console.log(`\nstatements: one tip ${tipTotal}, of which its notification ${statements - before - 2}`);
    } else {
      console.log('\nstatement counts: run with BENCH_DATABASE_URL (PostgreSQL)');
    }

    const tips: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const start = process.hrtime.bigint();
      await tip();
      if (i >= 3) tips.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    console.log(`tip (with its notification): p50 ${percentile(tips, 0.5).toFixed(1)} ms, p95 ${percentile(tips, 0.95).toFixed(1)} ms`);

    // The same post by a creator nobody subscribes to: what posting costs without the fan-out.
    await run(`insert into users (role, name, username, email) values ('performer', 'Alone', 'alonecreator', 'alone@bench.test')`);
    await run(`insert into performers (user_id, verification_status) select id, 'approved' from users where username = 'alonecreator'`);
    const alone = { authorization: (await app.tokens.issue(await ids('alonecreator'), false)).token };
    const postAlone = async () => {
      const from = statements;
      const began = process.hrtime.bigint();
      await app.inject({ method: 'POST', url: '/performer/feeds', headers: alone, payload: { text: 'Nobody hears this', access: 'free' } });
      return { ms: Number(process.hrtime.bigint() - began) / 1e6, statements: statements - from };
    };
    await postAlone();
    const quiet = await postAlone();
    console.log(`post to 0 subscribers: request ${quiet.ms.toFixed(0)} ms${onPostgres ? ` (${quiet.statements} statements)` : ''}`);

    await app.background.idle();
    const before = statements;
    const start = process.hrtime.bigint();
    const posted = await app.inject({ method: 'POST', url: '/performer/feeds', headers: creator, payload: { text: 'For all of you', access: 'free' } });
    const requestMs = Number(process.hrtime.bigint() - start) / 1e6;
    if (posted.statusCode !== 200) throw new Error(`post answered ${posted.statusCode}: ${posted.body}`);
    const requestStatements = statements - before;
    await app.background.idle();
    const totalMs = Number(process.hrtime.bigint() - start) / 1e6;
    const told = ((await app.db.execute(sql`select count(*)::int as n from notifications where kind = 'creator_posted'`)) as unknown as { rows: { n: number }[] }).rows[0].n;
    console.log(
      `post to ${told} subscribers: request ${requestMs.toFixed(0)} ms${onPostgres ? ` (${requestStatements} statements)` : ''}, ` +
        `pushes done in the background ${(totalMs - requestMs).toFixed(0)} ms later`,
    );

    await timeCalls(app, [
      [`list, page 1 (${SUBSCRIBERS + RUNS + 5} notifications)`, '/notifications?limit=20', creator],
      ['list, unread only', '/notifications?unread=true&limit=20', creator],
      ['list, offset 2000', '/notifications?offset=2000&limit=20', creator],
      ['unread count', '/notifications/unread-count', creator],
    ], RUNS);
  } finally {
    await app.close();
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
