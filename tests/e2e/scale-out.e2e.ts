import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fillLogin, headerBalance, launchBrowser, waitForPage } from './support/browser';
import { apiCommand, buildApiIfStale } from '../../scripts/lib/api-build';
import { freePort } from '../../scripts/lib/measure-start';
import { bin, root } from '../../scripts/lib/processes';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedDemo } from '../../src/server/seed/demo';
import { startS3Server, type S3Server } from '../support/s3-server';

/**
 * Scale-out (issue 18): two API processes (the compiled build production runs) and one web process
 * on one PostgreSQL database, one Redis and one S3 server. The fan signs in through the web, whose
 * pages talk to instance A only; what happens on instance B (a creator's message, the fan's own
 * tip from another device, a second viewer joining a live stream) reaches the fan's open pages
 * through Redis. Needs PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL: `.ci/run` sets them),
 * like the server suites that cross instances; a scratch database and a Redis key prefix of its own.
 */
const DB = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const suite = DB && REDIS ? describe : describe.skip;

jest.setTimeout(120_000);

const suffix = crypto.randomBytes(4).toString('hex');
const FAN = { username: 'dana', password: 'fan-demo-pass' };
const SECOND_FAN = { username: 'eli', password: 'fan-demo-pass' };
const CREATOR = { username: 'aurora', password: 'performer-demo-pass' };
const ADMIN = { username: 'admin', password: 'admin-demo-pass' };
const HELLO = `Hello from instance B ${suffix}`;

interface Started {
  name: string;
  child: ChildProcess;
  log: string;
}

suite('scale-out: two API instances and one web on PostgreSQL, Redis and S3', () => {
  let workDir = '';
  const dbName = `cp_scale_${suffix}`;
  const redisPrefix = `scale-${suffix}`;
  const processes: Started[] = [];
  let s3: S3Server;
  let apiA: string;
  let apiB: string;
  let web: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const sockets: Socket[] = [];
  /** Every address the fan's pages called: none may be instance B. */
  const calledFromPage: string[] = [];

  const call = async <T = { data: unknown }>(base: string, method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`${method} ${url} on ${base}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const login = async (base: string, who: { username: string; password: string }) =>
    (await call<{ data: { token: string } }>(base, 'POST', '/auth/login', who)).data.token;

  function start(name: string, cmd: string, args: string[], env: Record<string, string>): void {
    const log = path.join(workDir, `${name}.log`);
    const out = fs.openSync(log, 'a');
    // Its own process group, so the teardown stops it and anything it started.
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env } as NodeJS.ProcessEnv, stdio: ['ignore', out, out], detached: true });
    processes.push({ name, child, log });
  }

  async function ready(name: string, url: string) {
    const started = Date.now();
    const proc = processes.find((p) => p.name === name)!;
    while (Date.now() - started < 60_000) {
      if (proc.child.exitCode !== null) break;
      if (await fetch(url).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${name} did not start; log:\n${fs.readFileSync(proc.log, 'utf8').slice(-4000)}`);
  }

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-scale-out-'));
    const admin = new pg.Client({ connectionString: DB });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const dbUrl = new URL(DB!);
    dbUrl.pathname = `/${dbName}`;
    s3 = await startS3Server();

    // The demo accounts (no content), written once like a deploy's first migration and seed.
    const seeding = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(workDir, 'seed'), DATABASE_URL: dbUrl.toString(), LOG_LEVEL: 'silent' }), { logger: false });
    await seedDemo(seeding, { content: false, generatedCreators: 4 });
    await seeding.close();

    const [portA, portB, webPort] = [await freePort(), await freePort(), await freePort()];
    apiA = `http://127.0.0.1:${portA}`;
    apiB = `http://127.0.0.1:${portB}`;
    web = `http://127.0.0.1:${webPort}`;
    // What every API instance shares: the database, Redis, the bucket, the JWT secret and the public addresses.
    const shared = {
      NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false',
      DATABASE_URL: dbUrl.toString(), REDIS_URL: REDIS!, REDIS_PREFIX: redisPrefix, ...s3.env,
      JWT_SECRET: crypto.randomBytes(32).toString('hex'), WEB_ORIGIN: web, API_ENDPOINT: apiA,
      RATE_LIMIT_MAX: '100000', RATE_LIMIT_AUTH_MAX: '10000', AGORA_APP_CERTIFICATE: '0123456789abcdef0123456789abcdef',
    };
    buildApiIfStale();
    const api = apiCommand();
    start('api-a', api.cmd, api.args, { ...shared, API_PORT: String(portA), DATA_DIR: path.join(workDir, 'a') });
    start('api-b', api.cmd, api.args, { ...shared, API_PORT: String(portB), DATA_DIR: path.join(workDir, 'b') });
    start('web', bin('next'), ['start', '-p', String(webPort), '-H', '127.0.0.1'], { NODE_ENV: 'production', API_ENDPOINT: apiA, WEB_ORIGIN: web });
    await Promise.all([ready('api-a', `${apiA}/readyz`), ready('api-b', `${apiB}/readyz`), ready('web', `${web}/auth/login`)]);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await context?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await Promise.all(processes.map(({ child }) => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        resolve();
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // gone
        }
      }, 10_000).unref();
    })));
    await s3?.close();
    if (DB) {
      const admin = new pg.Client({ connectionString: DB });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    {
      // BullMQ's queues and the rate-limit counters of this run (the socket.io adapter keeps no keys).
      const redis = new Redis(REDIS!);
      const keys = await redis.keys(`*${redisPrefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    if (workDir && !process.env.KEEP_E2E_DATA) fs.rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  it('both instances serve the same data: an upload made on B is stored in the shared bucket and served by A', async () => {
    const creatorToken = await login(apiB, CREATOR);
    const form = new FormData();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3a7' } }).png().toBuffer();
    form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${apiB}/users/avatar/upload`, { method: 'POST', headers: { authorization: creatorToken }, body: form });
    expect(res.status).toBe(200);
    // Its address is the public API address (A here), whichever instance answered.
    const avatar = ((await res.json()) as { data: { avatar: string } }).data.avatar;
    expect(avatar.startsWith(`${apiA}/files/public/`)).toBe(true);
    const key = avatar.slice(`${apiA}/files/`.length);
    expect(await s3.keys()).toContain(key);
    for (const base of [apiA, apiB]) {
      const file = await fetch(`${base}/files/${key}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('the fan, signed in through the web (instance A), sees a message, a tip\'s balance and a viewer count made on instance B', async () => {
    // Fixtures, all through instance B: live streaming on, the fan's tokens, a conversation.
    const adminToken = await login(apiB, ADMIN);
    await call(apiB, 'PUT', '/admin/settings', { agoraEnable: true, agoraAppId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' }, adminToken);
    const fanOnB = await login(apiB, FAN);
    const creatorOnB = await login(apiB, CREATOR);
    const aurora = (await call<{ data: { _id: string } }>(apiB, 'GET', `/performers/${CREATOR.username}`)).data;
    await call(apiB, 'POST', `/follows/${aurora._id}`, {}, fanOnB);
    await call(apiB, 'POST', '/payment/wallet/top-up', {
      amount: 20, card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123', holderName: 'Dana' },
    }, fanOnB);
    const conversation = (await call<{ data: { _id: string } }>(apiB, 'POST', '/conversations', { source: 'performer', sourceId: aurora._id }, fanOnB)).data;

    context = await browser.newContext({ baseURL: web, reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.on('request', (r) => calledFromPage.push(r.url()));
    page.on('websocket', (ws) => calledFromPage.push(ws.url()));
    await page.goto('/auth/login');
    await fillLogin(page, FAN.username, FAN.password);
    await waitForPage(page, '**/home');
    expect(await headerBalance(page)).toBe(20);

    // 1. A message the creator sends on B appears in the fan's open thread.
    await page.goto(`/messages?conversationId=${conversation._id}`);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await call(apiB, 'POST', `/messages/conversations/${conversation._id}`, { text: HELLO }, creatorOnB);
    await page.getByRole('log').getByText(HELLO).waitFor();

    // 2. A tip the fan makes on B (another device) brings the new balance to this page: balance_updated.
    const tip = await call<{ data: { balance: number } }>(apiB, 'POST', `/wallet/charges/tip/${aurora._id}`, { amount: 10 }, fanOnB);
    expect(tip.data.balance).toBe(10);
    let shown = await headerBalance(page);
    for (let i = 0; i < 50 && shown !== 10; i++) {
      await new Promise((r) => setTimeout(r, 100));
      shown = await headerBalance(page);
    }
    expect(shown).toBe(10);

    // 3. The creator goes live on B; the fan watches through A; a second viewer joins on B.
    const stream = (await call<{ data: { _id: string } }>(apiB, 'POST', '/streaming/live', { title: `Scale-out live ${suffix}`, access: 'free', price: 0 }, creatorOnB)).data;
    await page.goto(`/streaming/${CREATOR.username}`);
    await page.getByText('1 watching').waitFor();
    const viewer = connect(apiB, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: await login(apiB, SECOND_FAN) } });
    sockets.push(viewer);
    await new Promise<void>((resolve, reject) => {
      viewer.once('connect', () => resolve());
      viewer.once('connect_error', reject);
    });
    // Counted across both instances: the fan's socket sits on A.
    const joined = (await viewer.timeout(5000).emitWithAck('stream/join', { streamId: stream._id })) as { ok: boolean; viewerCount: number };
    expect(joined).toEqual({ ok: true, viewerCount: 2 });
    await page.getByText('2 watching').waitFor();
    viewer.close();
    await page.getByText('1 watching').waitFor();
    await call(apiB, 'PUT', `/streaming/live/${stream._id}`, { isStreaming: false }, creatorOnB);

    // The fan's pages only ever talked to the web and to instance A.
    expect(calledFromPage.filter((u) => u.startsWith(apiB))).toEqual([]);
    expect(calledFromPage.some((u) => u.startsWith(apiA))).toBe(true);
  });
});
