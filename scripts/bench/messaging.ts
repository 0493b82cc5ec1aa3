/**
 * Messaging under load (issue 6, Performance): connects socket.io clients to the API, spread over
 * private conversations (each member signed in on several sockets, like tabs and phones), then
 * for a fixed time every conversation sends messages through the real HTTP route, its two members
 * taking turns, each sender waiting for its answer before the next (one message in flight per
 * conversation). Prints messages sent per second, deliveries to the recipients' sockets per second,
 * and p50/p99 delivery latency (HTTP send start → `message_created` on a recipient socket).
 * Runs once against one API instance and, when PostgreSQL and Redis are given, again against two
 * instances sharing them (sockets and senders alternate between the instances, so most deliveries
 * cross the Redis adapter). Each instance is the compiled API in a process of its own, as
 * production runs it (api-process.ts); this process holds the clients. Also printed: the CPU
 * milliseconds per message spent in the API processes and in PostgreSQL's (from /proc).
 *
 *   npx tsx scripts/bench/messaging.ts
 *   BENCH_CLIENTS=100 BENCH_CONVERSATIONS=10 BENCH_SECONDS=3 npx tsx scripts/bench/messaging.ts   (smoke run)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_REDIS_URL=redis://127.0.0.1:6379 npx tsx scripts/bench/messaging.ts
 *   BENCH_RATE=50 npx tsx scripts/bench/messaging.ts   (a fixed 50 messages/s: latency below saturation)
 *
 * Defaults: 1000 clients, 100 conversations, 30 s (after BENCH_WARMUP_SECONDS, 3, of the same
 * sending, not measured). One instance runs on PGlite unless
 * BENCH_DATABASE_URL is set; two instances need both BENCH_DATABASE_URL and BENCH_REDIS_URL
 * (otherwise that half is skipped with a note). Clients, senders, API instances and the database
 * share this machine's cores, so the figures are a floor, not what separate machines would reach.
 * The per-account send limit is lifted for the run (MESSAGE_RATE_PER_MINUTE).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import * as schema from '../../src/server/db/schema';
import type { Message } from '../../src/common/contract/messaging';
import { messagingRepository } from '../../src/server/modules/messaging/messaging.repository';
import { scratchDatabase } from './bench-lib';
import { buildApiForBench, startApi, stopGroup } from './api-process';
import { namedCpuMs, treeCpuMs } from '../lib/proc-stats';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** Messages per second over all conversations; 0 (default) sends as fast as answers come back. */
const RATE = Number(process.env.BENCH_RATE ?? 0);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const SOCKETS_PER_MEMBER = Math.max(1, Math.round(CLIENTS / CONVERSATIONS / 2));

interface Instance {
  url: string;
  pid: number;
  close(): Promise<void>;
}

const appEnv = (env: Record<string, string>) => ({
  SEED_DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000', MESSAGE_RATE_PER_MINUTE: '100000000', ...env,
});

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const api = await startApi(appEnv(env));
  return { url: api.url, pid: api.child.pid!, close: () => stopGroup(api.child) };
}

interface Pair {
  conversationId: string;
  members: { id: string; token: string }[];
}

/**
 * Creators, fans who follow them, and one conversation per pair, written straight to the database
 * by an app in this process (closed before the API processes open the database: PGlite is one
 * process's).
 */
async function fill(env: Record<string, string>): Promise<Pair[]> {
  const app = await buildApp(loadConfig({ NODE_ENV: 'production', ...appEnv(env) }), { logger: false });
  try {
    return await fillWith(app);
  } finally {
    await app.close();
  }
}

async function fillWith(app: FastifyInstance): Promise<Pair[]> {
  const pairs: Pair[] = [];
  for (let i = 0; i < CONVERSATIONS; i++) {
    const tag = crypto.randomBytes(4).toString('hex');
    const [creator] = await app.db.insert(schema.users)
      .values({ role: 'performer', name: `Creator ${i}`, username: `bc_${tag}`, email: `bc_${tag}@bench.test`, emailVerified: true }).returning();
    await app.db.insert(schema.performers).values({ userId: creator.id });
    const [fan] = await app.db.insert(schema.users)
      .values({ name: `Fan ${i}`, username: `bf_${tag}`, email: `bf_${tag}@bench.test`, emailVerified: true }).returning();
    await app.db.insert(schema.follows).values({ followerId: fan.id, performerId: creator.id });
    const { conversation } = await app.db.transaction((tx) => messagingRepository.findOrCreatePair(tx, fan.id, creator.id));
    const members = [];
    for (const user of [fan, creator]) members.push({ id: user.id, token: (await app.tokens.issue(user.id, false)).token });
    pairs.push({ conversationId: conversation.id, members });
  }
  return pairs;
}

// Senders keep their connections open. node:http rather than fetch: fetch's streams cost this
// process, which shares the machine with the API, about twice the CPU per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

/** POSTs JSON and answers the status once the response has been read. */
function post(url: string, token: string, body: object): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST', agent,
      headers: { authorization: token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

async function run(label: string, instances: Instance[], pairs: Pair[]) {
  const sockets: Socket[] = [];
  const latencies: number[] = [];
  let deliveries = 0;
  let measuring = false;

  // Connect in batches: a thousand handshakes at once would measure the connect storm instead.
  const plans = pairs.flatMap((pair) => pair.members.flatMap((member) => Array.from({ length: SOCKETS_PER_MEMBER }, () => member)));
  const connectStart = Date.now();
  for (let i = 0; i < plans.length; i += 50) {
    await Promise.all(plans.slice(i, i + 50).map(async (member, j) => {
      const instance = instances[(i + j) % instances.length];
      const socket = connect(instance.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, query: { token: member.token } });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      socket.on('message_created', ({ message }: { message: Message }) => {
        if (!measuring || message.senderId === member.id || !message.text.startsWith('bench:')) return;
        const sentAt = Number(message.text.slice(message.text.indexOf(':') + 1));
        latencies.push(performance.now() - sentAt);
        deliveries += 1;
      });
    }));
  }
  console.log(`\n${label}: ${sockets.length} sockets connected in ${((Date.now() - connectStart) / 1000).toFixed(1)} s ` +
    `(${pairs.length} conversations, ${SOCKETS_PER_MEMBER} sockets per member)`);

  // With BENCH_RATE each conversation sends on its own schedule (spread so they do not fire together).
  const interval = RATE > 0 ? (pairs.length / RATE) * 1000 : 0;
  /** Every conversation sends for `seconds`; `tag` starts each text (only `bench:` messages are timed). */
  async function drive(seconds: number, tag: string) {
    const result = { sent: 0, failed: 0 };
    const until = performance.now() + seconds * 1000;
    const start = performance.now();
    await Promise.all(pairs.map(async (pair, p) => {
      for (let turn = 0; performance.now() < until; turn++) {
        if (interval) {
          const due = start + (p / pairs.length) * interval + turn * interval;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          if (performance.now() >= until) break;
        }
        const sender = pair.members[turn % 2];
        const instance = instances[(p + turn) % instances.length];
        const status = await post(`${instance.url}/messages/conversations/${pair.conversationId}`, sender.token, { text: `${tag}:${performance.now()}` });
        if (status === 200) result.sent += 1;
        else result.failed += 1;
      }
    }));
    return result;
  }
  // Not measured: the API's first requests compile its schemas and serialisers and V8 optimises the
  // hot code; a just-started process would otherwise put its warm-up into the tail latency.
  await drive(WARMUP_SECONDS, 'warm-up');
  const cpu = () => ({
    api: instances.reduce((sum, i) => sum + treeCpuMs(i.pid), 0),
    db: namedCpuMs('postgres'),
    clients: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
  const cpuBefore = cpu();
  measuring = true;
  const { sent, failed } = await drive(SECONDS, 'bench');
  const cpuAfter = cpu();
  // Let the last deliveries land before counting.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  measuring = false;
  for (const socket of sockets) socket.close();

  latencies.sort((a, b) => a - b);
  const expected = sent * SOCKETS_PER_MEMBER;
  console.log(`  messages sent      ${sent} in ${SECONDS} s = ${(sent / SECONDS).toFixed(0)} messages/s${failed ? ` (${failed} failed)` : ''}`);
  console.log(`  deliveries         ${deliveries} of ${expected} expected to recipient sockets = ${(deliveries / SECONDS).toFixed(0)} deliveries/s`);
  console.log(`  delivery latency   p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms`);
  const perMessage = (ms: number) => (sent ? (ms / sent).toFixed(2) : 'n/a');
  console.log(`  CPU per message    API ${perMessage(cpuAfter.api - cpuBefore.api)} ms, PostgreSQL ${perMessage(cpuAfter.db - cpuBefore.db)} ms, ` +
    `the clients (this process) ${perMessage(cpuAfter.clients - cpuBefore.clients)} ms`);
}

async function main() {
  console.log(`messaging benchmark: ${CLIENTS} clients, ${CONVERSATIONS} conversations, ${SECONDS} s of sending` +
    (RATE > 0 ? ` at ${RATE} messages/s` : ' as fast as the API answers (one message in flight per conversation)'));
  buildApiForBench();
  const secret = crypto.randomBytes(32).toString('hex');

  {
    const database = await scratchDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-bench-msg-'));
    // PGlite (no BENCH_DATABASE_URL) lives in the data directory, which fill and the API share in turn.
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url === 'memory://' ? '' : database.url, JWT_SECRET: secret, REDIS_URL: '' };
    try {
      const pairs = await fill(env);
      const one = await startInstance(env);
      try {
        await run(`one API instance (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, no Redis)`, [one], pairs);
      } finally {
        await one.close();
      }
    } finally {
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }

  const redisUrl = process.env.BENCH_REDIS_URL;
  if (!process.env.BENCH_DATABASE_URL || !redisUrl) {
    console.log('\ntwo API instances: skipped (set BENCH_DATABASE_URL and BENCH_REDIS_URL: both instances must share the database and Redis)');
    return;
  }
  const database = await scratchDatabase();
  const dataDirs = [await fs.mkdtemp(path.join(os.tmpdir(), 'cp-bench-msg-')), await fs.mkdtemp(path.join(os.tmpdir(), 'cp-bench-msg-'))];
  const env = { DATABASE_URL: database.url, JWT_SECRET: secret, REDIS_URL: redisUrl, REDIS_PREFIX: `bench-${crypto.randomBytes(3).toString('hex')}` };
  try {
    const pairs = await fill({ ...env, DATA_DIR: dataDirs[0] });
    const instances = [await startInstance({ ...env, DATA_DIR: dataDirs[0] }), await startInstance({ ...env, DATA_DIR: dataDirs[1] })];
    try {
      await run('two API instances (PostgreSQL, Redis adapter)', instances, pairs);
    } finally {
      for (const instance of instances) await instance.close();
    }
  } finally {
    await database.drop();
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
