/**
 * The API's hot paths under load (issue 18): the API runs as its own process (the compiled build
 * `npm start` runs, rate limits lifted) on a demo-seeded database; autocannon (20 connections, BENCH_SECONDS each)
 * drives each route and, in the same rounds, a raw node `http` hello server in a process of its
 * own (and Fastify alone answering the settings' JSON: the framework's own ceiling), so each route is reported as its ratio to the raw server on this machine at this moment
 * (other work on the cores moves both). Rounds interleave the targets; the table shows the median
 * round. Then: a tip storm (200 fans tipping one creator at once ÷ 200 fans tipping 200 creators,
 * tips per second, every tip counted in the ledger and the ledger check green), the process's
 * start-up time and memory, and the SQL statements each route sends (counted in-process through
 * buildApp's `onQuery`, the request after a warm-up one).
 *
 *   npx tsx scripts/bench/api.ts                          (PGlite only)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/api.ts   (PGlite, then PostgreSQL)
 *   BENCH_ONLY=postgres BENCH_SECONDS=2 BENCH_ROUNDS=1 ...   (one database, a quick look)
 *
 * Other knobs: BENCH_TIP_SECONDS (5), BENCH_API_COMMAND (default: node on dist/api/main.js),
 * BENCH_ROUTES=feeds,settings (only the routes whose path contains one of these; the raw and
 * Fastify-alone servers always run), BENCH_BASELINE_COMMAND (PostgreSQL only: a second API, e.g.
 * an earlier build copied under dist/, started on the same database and driven in the same rounds
 * as "before" rows, so a change is compared minutes, not hours, apart under the same load).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedDemo } from '../../src/server/seed/demo';
import { ledgerRepository } from '../../src/server/modules/ledger/ledger.repository';
import { topUpPosting } from '../../src/server/modules/ledger/postings';
import { checkLedger } from '../../src/server/modules/ledger/ledger-check.repository';
import { scratchDatabase } from './bench-lib';
import { buildApiForBench, sleep, spawnGroup, startApi, stopGroup, waitFor } from './api-process';
import { freePort } from '../lib/measure-start';
import { namedCpuMs, treeCpuMs, treeRss } from '../lib/proc-stats';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
// autocannon ships no types; this is the part of its API the bench uses.
const autocannon = require('autocannon') as (opts: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<CannonResult>;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TIP_SECONDS = Number(process.env.BENCH_TIP_SECONDS ?? 5);
const TIP_FANS = 200;
const CONNECTIONS = 20;

type Kind = 'PGlite' | 'PostgreSQL';
interface Fixture { token: string; fans: { id: string; token: string }[]; creators: string[]; star: string }
interface Target { label: string; path: string; auth?: boolean }

const ALL_ROUTES: Target[] = [
  { label: 'GET /settings/public', path: '/settings/public' },
  { label: 'GET /users/me with a token', path: '/users/me', auth: true },
  { label: 'GET /performers/aurora', path: '/performers/aurora' },
  { label: 'GET /user/feeds?limit=10 signed in', path: '/user/feeds?limit=10', auth: true },
];
const ONLY_ROUTES = process.env.BENCH_ROUTES?.split(',').map((s) => s.trim()).filter(Boolean);
const ROUTES = ONLY_ROUTES ? ALL_ROUTES.filter((r) => ONLY_ROUTES.some((part) => r.path.includes(part))) : ALL_ROUTES;

/**
 * The ceiling the framework itself sets: Fastify with nothing registered, answering the exact body
 * of `GET /settings/public` (what the largest share of a light route's cost is: the framework, the
 * socket write of a 0.7 kB answer and autocannon reading it on the same two cores).
 */
const RAW_LABEL = 'raw node http hello';
const BARE_LABEL = 'Fastify alone, the same settings JSON';
const bareFastify = (port: number) => `node -e "const app = require('fastify')(); const body = process.env.BENCH_BODY;
  app.get('/', (q, r) => r.type('application/json; charset=utf-8').send(body)); app.listen({ port: ${port}, host: '127.0.0.1' })"`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const appConfig = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env });

/** Seeds the demo data with its content, and the tip storm's 200 funded fans and 200 verified creators. */
async function prepare(env: Record<string, string>): Promise<Fixture> {
  const app = await buildApp(appConfig(env), { logger: false });
  try {
    const started = Date.now();
    await seedDemo(app, { content: true });
    // The demo's videos are transcoded by jobs; left queued, the API under test would run ffmpeg
    // through the measurements (it did, and cost the routes a third of their throughput).
    await app.media.whenIdle();
    const run = (text: string) => app.db.execute(sql.raw(text));
    const rows = async (text: string) => (await run(text) as unknown as { rows: Record<string, string>[] }).rows;
    await run(`insert into users (role, name, username, email, email_verified)
      select 'performer', 'Storm creator ' || g, 'stormc' || g, 'stormc' || g || '@bench.test', true from generate_series(1, ${TIP_FANS}) g`);
    await run(`insert into performers (user_id, verification_status) select id, 'approved' from users where username like 'stormc%'`);
    await run(`insert into users (role, name, username, email, email_verified)
      select 'user', 'Storm fan ' || g, 'stormf' || g, 'stormf' || g || '@bench.test', true from generate_series(1, ${TIP_FANS}) g`);
    const fanIds = (await rows(`select id from users where username like 'stormf%' order by username`)).map((r) => r.id);
    const creators = (await rows(`select id from users where username like 'stormc%' order by username`)).map((r) => r.id);
    const fans = [];
    for (const id of fanIds) {
      await app.db.transaction((tx) => ledgerRepository.post(tx, topUpPosting(id, 100_000_000, crypto.randomUUID())));
      fans.push({ id, token: (await app.tokens.issue(id, true)).token });
    }
    const dana = (await rows(`select id from users where username = 'dana'`))[0].id;
    const token = (await app.tokens.issue(dana, true)).token;
    await run('analyze');
    console.log(`  seeded the demo (with content, media processed) and the tip storm's accounts in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return { token, fans, creators, star: creators[0] };
  } finally {
    await app.close();
  }
}

/**
 * Rounds of autocannon over the raw server and each route: rps and p50 of the median round, and
 * where the CPU went: milliseconds of CPU per request in the server process (the API with PGlite
 * inside it, or the raw server) and in PostgreSQL's processes, over all rounds. On a 2-core
 * machine autocannon takes most of the rest, so these say what a request costs, which rps alone
 * does not when the cores are shared.
 */
interface Server { url: string; pid: number }

const BASELINE_COMMAND = process.env.BENCH_BASELINE_COMMAND;
const baselineLabel = (label: string) => `${label} (baseline)`;

/** `list` with each element that `first` picks swapped with the one after it. */
function swapPairs<T>(list: T[], first: (item: T) => boolean): T[] {
  const out = [...list];
  for (let i = 0; i < out.length - 1; i++) {
    if (first(out[i])) {
      [out[i], out[i + 1]] = [out[i + 1], out[i]];
      i += 1;
    }
  }
  return out;
}

async function loadRounds(raw: Server, bare: Server, api: Server, baseline: Server | null, token: string, database: Kind) {
  const targets: (Target & { server: Server; raw?: boolean })[] = [
    { label: RAW_LABEL, path: '/', server: raw, raw: true },
    { label: BARE_LABEL, path: '/', server: bare, raw: true },
    ...ROUTES.flatMap((r) => [
      ...(baseline ? [{ ...r, label: baselineLabel(r.label), server: baseline }] : []),
      { ...r, server: api },
    ]),
  ];
  const results = new Map<string, { rps: number[]; p50: number[]; bad: number; requests: number; serverCpuMs: number; dbCpuMs: number }>(
    targets.map((t) => [t.label, { rps: [], p50: [], bad: 0, requests: 0, serverCpuMs: 0, dbCpuMs: 0 }]),
  );
  const dbCpu = () => (database === 'PostgreSQL' ? namedCpuMs('postgres') : 0);
  // Warm-up, not counted: each route's schemas compile on first use and V8 optimises the hot code.
  for (const t of targets) {
    await autocannon({ url: `${t.server.url}${t.path}`, connections: CONNECTIONS, duration: 1, headers: t.auth ? { authorization: token } : undefined });
  }
  for (let round = 0; round < ROUNDS; round++) {
    // A baseline and the build under test take turns going first: the second of two back-to-back
    // runs measured lower in every round when the order was fixed.
    const order = baseline && round % 2 ? swapPairs(targets, (t) => t.label.endsWith('(baseline)')) : targets;
    for (const t of order) {
      const { server } = t;
      const [serverBefore, dbBefore] = [treeCpuMs(server.pid), dbCpu()];
      const res = await autocannon({
        url: `${server.url}${t.path}`, connections: CONNECTIONS, duration: SECONDS,
        headers: t.auth ? { authorization: token } : undefined,
      });
      const r = results.get(t.label)!;
      r.serverCpuMs += treeCpuMs(server.pid) - serverBefore;
      r.dbCpuMs += t.raw ? 0 : dbCpu() - dbBefore;
      r.requests += res.requests.total;
      r.rps.push(res.requests.average);
      r.p50.push(res.latency.p50);
      r.bad += res.non2xx + res.errors;
    }
  }
  return results;
}

/** Each fan tips in a loop (one tip in flight each) for TIP_SECONDS: tips answered 200 per second. */
async function tipStorm(apiUrl: string, fans: Fixture['fans'], creatorOf: (i: number) => string) {
  let ok = 0;
  let failed = 0;
  const until = performance.now() + TIP_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(fans.map(async (fan, i) => {
    while (performance.now() < until) {
      const res = await fetch(`${apiUrl}/wallet/charges/tip/${creatorOf(i)}`, {
        method: 'POST', headers: { authorization: fan.token, 'content-type': 'application/json' }, body: JSON.stringify({ amount: 10 }),
      });
      await res.arrayBuffer();
      if (res.status === 200) ok += 1;
      else failed += 1;
    }
  }));
  return { ok, failed, perSecond: ok / ((performance.now() - started) / 1000) };
}

/**
 * SQL statements of one request, in-process, after a warm-up request (caches filled): the fewest
 * of three tries, so a background job's statement that happens to fall inside one does not count.
 */
async function statementsPerRequest(env: Record<string, string>, token: string) {
  let count = 0;
  const app = await buildApp(appConfig(env), { logger: false, onQuery: () => { count += 1; } });
  try {
    await app.ready();
    await sleep(1000);
    const out = new Map<string, number>();
    for (const route of ROUTES) {
      const inject = () => app.inject({ method: 'GET', url: route.path, headers: route.auth ? { authorization: token } : {} });
      await inject();
      const counts: number[] = [];
      for (let i = 0; i < 3; i++) {
        count = 0;
        const res = await inject();
        if (res.statusCode !== 200) throw new Error(`${route.path} answered ${res.statusCode}`);
        counts.push(count);
      }
      out.set(route.label, Math.min(...counts));
    }
    return out;
  } finally {
    await app.close();
  }
}

async function benchDatabase(kind: Kind, rawServer: Server) {
  console.log(`\n== ${kind} ==`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-bench-api-'));
  const database = kind === 'PostgreSQL' ? await scratchDatabase() : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', REDIS_URL: '', JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    SEED_DEMO: 'false', RATE_LIMIT_MAX: '1000000', RATE_LIMIT_AUTH_MAX: '1000000', MESSAGE_RATE_PER_MINUTE: '100000000',
  };
  try {
    const fixture = await prepare(env);
    const api = await startApi(env);
    const [idleRss] = treeRss(api.child.pid!);
    const baseline = BASELINE_COMMAND && kind === 'PostgreSQL' ? await startApi(env, BASELINE_COMMAND) : null;
    const barePort = await freePort();
    const bare = spawnGroup(bareFastify(barePort), { BENCH_BODY: await (await fetch(`${api.url}/settings/public`)).text() });
    await waitFor(`http://127.0.0.1:${barePort}/`, bare);
    let loads: Awaited<ReturnType<typeof loadRounds>>;
    let storm: { one: Awaited<ReturnType<typeof tipStorm>>; many: Awaited<ReturnType<typeof tipStorm>> };
    let loadedRss: [number, number];
    try {
      loads = await loadRounds(
        rawServer, { url: `http://127.0.0.1:${barePort}`, pid: bare.pid! }, { url: api.url, pid: api.child.pid! },
        baseline && { url: baseline.url, pid: baseline.child.pid! }, fixture.token, kind,
      );
      const many = await tipStorm(api.url, fixture.fans, (i) => fixture.creators[i]);
      const one = await tipStorm(api.url, fixture.fans, () => fixture.star);
      storm = { one, many };
      loadedRss = treeRss(api.child.pid!);
    } finally {
      await stopGroup(api.child);
      if (baseline) await stopGroup(baseline.child);
      await stopGroup(bare);
    }
    const statements = await statementsPerRequest(env, fixture.token);

    const check = await (async () => {
      const app = await buildApp(appConfig(env), { logger: false });
      try {
        const result = await checkLedger(app.db);
        const tips = (await app.db.execute(sql`select count(*)::int as n from ledger_transactions where kind = 'tip'`) as unknown as { rows: { n: number }[] }).rows[0].n;
        return { ok: result.ok, breaches: result.breaches, tips };
      } finally {
        await app.close();
      }
    })();

    const raw = median(loads.get(RAW_LABEL)!.rps);
    console.log(`\n${'route'.padEnd(52)} ${'rps'.padStart(8)} ${'ratio'.padStart(7)} ${'p50 ms'.padStart(7)} ${'SQL/req'.padStart(8)} ${'CPU ms/req: server'.padStart(19)} ${'database'.padStart(9)}`);
    for (const [label, r] of loads) {
      const rps = median(r.rps);
      const ratio = label === RAW_LABEL ? '' : (rps / raw).toFixed(3);
      const stmts = label.endsWith('(baseline)') ? undefined : statements.get(label);
      const perRequest = (ms: number) => (r.requests ? (ms / r.requests).toFixed(2) : '');
      const db = kind === 'PostgreSQL' && label.startsWith('GET') ? perRequest(r.dbCpuMs) : '';
      console.log(`${label.padEnd(52)} ${rps.toFixed(0).padStart(8)} ${ratio.padStart(7)} ${median(r.p50).toFixed(0).padStart(7)} ${(stmts ?? '').toString().padStart(8)} ${perRequest(r.serverCpuMs).padStart(19)} ${db.padStart(9)}` +
        (r.bad ? `   (${r.bad} non-2xx or errors)` : ''));
    }
    console.log(`  rounds: ${[...loads].map(([label, r]) => `${label.split(' ')[label.startsWith('GET') ? 1 : 0]}${label.endsWith('(baseline)') ? ' (baseline)' : ''}: ${r.rps.map((v) => v.toFixed(0)).join('/')}`).join('; ')}`);
    const sent = storm.one.ok + storm.many.ok;
    console.log(`\ntip storm (${TIP_FANS} fans, ${TIP_SECONDS} s each): 200 creators ${storm.many.perSecond.toFixed(0)} tips/s, one creator ${storm.one.perSecond.toFixed(0)} tips/s` +
      ` → ratio ${(storm.one.perSecond / storm.many.perSecond).toFixed(2)}` + (storm.one.failed + storm.many.failed ? ` (${storm.one.failed + storm.many.failed} refused)` : ''));
    console.log(`  tips answered 200: ${sent}, tips in the ledger: ${check.tips}${check.tips === sent ? ' (none lost)' : ' (MISMATCH)'}; ledger check ${check.ok ? 'green' : `RED:\n${check.breaches.join('\n')}`}`);
    console.log(`\nAPI process: started in ${(api.startMs / 1000).toFixed(2)} s (spawn → /healthz answers); resident memory idle ${idleRss.toFixed(0)} MB, ` +
      `after the load ${loadedRss[0].toFixed(0)} MB (server process; ${loadedRss[1].toFixed(0)} MB with its launcher processes)`);
  } finally {
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const only = process.env.BENCH_ONLY?.toLowerCase();
  const kinds: Kind[] = [];
  if (only !== 'postgres') kinds.push('PGlite');
  if (process.env.BENCH_DATABASE_URL && only !== 'pglite') kinds.push('PostgreSQL');
  console.log(`API bench: autocannon ${CONNECTIONS} connections, ${SECONDS} s per target, ${ROUNDS} interleaved rounds; ` +
    `load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
  buildApiForBench();
  const rawPort = await freePort();
  const raw = spawnGroup(`node -e "require('http').createServer((q, s) => s.end('hello')).listen(${rawPort}, '127.0.0.1')"`, {});
  try {
    await waitFor(`http://127.0.0.1:${rawPort}/`, raw);
    for (const kind of kinds) await benchDatabase(kind, { url: `http://127.0.0.1:${rawPort}`, pid: raw.pid! });
  } finally {
    await stopGroup(raw);
  }
  console.log(`\nload average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
