import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync, strFromU8 } from 'fflate';
import { registerFan, type TestAccount } from '../../support/accounts';
import { createPerformerWithToken, tables } from '../../support/db';
import { fundWallet } from '../../support/money';
import { mailsTo } from '../../support/outbox';
import { startTestServer, type TestServer } from '../../support/server';
import { createItem } from '../wallet-charges/charge-helpers';
import { call, exchangeMessages, records, subscribe } from './account-data-helpers';

jest.setTimeout(180_000);

let server: TestServer;
let app: FastifyInstance;
let fan: TestAccount;
let creator: { id: string; token: string };
let videoId: string;

beforeAll(async () => {
  // Accounts of more than 3 rows are exported in the background, smaller ones at once.
  server = await startTestServer({ DATA_EXPORT_INLINE_MAX_ROWS: '3' });
  app = server.app;
  fan = await registerFan(app, { name: 'Fran "the fan"' });
  const c = await createPerformerWithToken(app, { name: 'Cora' });
  creator = { id: c.user.id, token: c.token };
  await fundWallet(app, fan.id, 100);
  await subscribe(app, fan.id, creator.id);
  await exchangeMessages(app, fan, creator, '=HYPERLINK("x") hello, "creator"', 'Thanks!\nSee you');
  const tip = await call(app, fan.token, 'POST', `/wallet/charges/tip/${creator.id}`, { amount: 10, message: 'for you' });
  expect(tip.statusCode).toBe(200);
  videoId = await createItem(app, 'video', creator.id, 'sale', 3);
  expect((await call(app, fan.token, 'POST', `/wallet/charges/video/${videoId}`)).statusCode).toBe(200);
});
afterAll(() => server.close());

/** Downloads the ZIP through its signed link, as the browser would (no Authorization header). */
async function download(url: string) {
  const u = new URL(url);
  const res = await app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  return res;
}

function unzip(body: Buffer): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(body))).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('data export', () => {
  it('answers null before any export, and 401 without a token', async () => {
    const res = await call(app, fan.token, 'GET', '/users/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBeNull();
    expect((await call(app, null, 'GET', '/users/me/export')).statusCode).toBe(401);
    expect((await call(app, null, 'POST', '/users/me/export')).statusCode).toBe(401);
  });

  it('prepares a large account in the background, mails when ready, and the ZIP holds every file with the right rows', async () => {
    const started = await call(app, fan.token, 'POST', '/users/me/export');
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({ status: 'pending', downloadUrl: null });
    await app.accountData.whenIdle();

    const status = (await call(app, fan.token, 'GET', '/users/me/export')).json().data;
    expect(status).toMatchObject({ _id: started.json().data._id, status: 'ready', error: null });
    expect(new Date(status.expiresAt).getTime() - Date.now()).toBeGreaterThan(6 * 86_400_000);
    expect(status.downloadUrl).toContain('/files/private/exports/');
    const mails = await mailsTo(server.dataDir, fan.email);
    expect(mails.some((m) => /data is ready/.test(m.subject))).toBe(true);

    const res = await download(status.downloadUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['files.csv', 'messages.csv', 'profile.json', 'purchases.csv', 'subscriptions.csv', 'wallet-transactions.csv']);

    const profile = JSON.parse(files['profile.json']);
    expect(profile.account).toMatchObject({ id: fan.id, username: fan.username, email: fan.email, name: 'Fran "the fan"', role: 'user' });
    expect(profile.balances.wallet).toBe(87);

    const messages = records(files['messages.csv']);
    expect(messages.map((m) => [m.direction, m.text])).toEqual([
      // What people typed that a spreadsheet would run as a formula is defused.
      ['sent', `'=HYPERLINK("x") hello, "creator"`],
      ['received', 'Thanks!\nSee you'],
    ]);

    const purchases = records(files['purchases.csv']);
    expect(purchases.map((p) => [p.kind, p.amount, p.creator_id])).toEqual([['tip', '10.00', creator.id], ['video', '3.00', creator.id]]);
    expect(purchases[1].object_id).toBe(videoId);

    const wallet = records(files['wallet-transactions.csv']);
    expect(wallet.map((w) => [w.kind, w.amount, w.balance_after])).toEqual([['top_up', '100.00', '100.00'], ['tip', '-10.00', '90.00'], ['video', '-3.00', '87.00']]);

    const subs = records(files['subscriptions.csv']);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ side: 'fan', creator_id: creator.id, status: 'active', price: '9.95' });
    expect(records(files['files.csv'])).toEqual([]);
  });

  it('gives a creator earnings.csv, their own side of the subscriptions and their uploaded files', async () => {
    const res = await call(app, creator.token, 'POST', '/users/me/export');
    expect(res.json().data.status).toBe('pending');
    await app.accountData.whenIdle();
    const status = (await call(app, creator.token, 'GET', '/users/me/export')).json().data;
    expect(status).toMatchObject({ status: 'ready' });
    const files = unzip((await download(status.downloadUrl)).rawPayload);
    const earnings = records(files['earnings.csv']);
    // Net of the 20 % commission: 8.00 from the tip, 2.40 from the video.
    expect(earnings.map((e) => [e.kind, e.amount, e.payer_username])).toEqual([['tip', '8.00', fan.username], ['video', '2.40', fan.username]]);
    expect(records(files['subscriptions.csv'])[0]).toMatchObject({ side: 'creator', fan_id: fan.id });
    expect(records(files['files.csv'])).toEqual([expect.objectContaining({ purpose: 'video', kind: 'video', status: 'ready' })]);
  });

  it('builds a small account in the request: ready in the answer', async () => {
    const small = await registerFan(app);
    const res = await call(app, small.token, 'POST', '/users/me/export');
    expect(res.json().data).toMatchObject({ status: 'ready' });
    const files = unzip((await download(res.json().data.downloadUrl)).rawPayload);
    expect(records(files['wallet-transactions.csv'])).toEqual([]);
    expect(files['wallet-transactions.csv']).toBe('transaction_id,created_at,kind,description,amount,balance_after,payer_username,creator_username,object_type,object_id\r\n');
  });

  it('runs one export at a time: while one is being prepared, asking again answers that one', async () => {
    const other = await registerFan(app);
    const [running] = await app.db.insert(tables.dataExports).values({ userId: other.id }).returning();
    const res = await call(app, other.token, 'POST', '/users/me/export');
    expect(res.json().data).toMatchObject({ _id: running.id, status: 'pending' });
    expect(await app.db.select().from(tables.dataExports).where(eq(tables.dataExports.userId, other.id))).toHaveLength(1);
  });

  it('is the owner\'s only: another account sees none of it, and the link cannot be forged', async () => {
    const stranger = await registerFan(app);
    expect((await call(app, stranger.token, 'GET', '/users/me/export')).json().data).toBeNull();
    const mine = (await call(app, fan.token, 'GET', '/users/me/export')).json().data;
    const u = new URL(mine.downloadUrl);
    const forged = new URLSearchParams(u.search);
    // Another first character, so the forgery always differs: writing "AA" over the last two
    // characters failed a CI run, the signature having ended that way (one in 4,096).
    const sig = forged.get('sig')!;
    forged.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    expect((await app.inject({ method: 'GET', url: `${u.pathname}?${forged}` })).statusCode).toBe(403);
    const renamed = new URLSearchParams(u.search);
    renamed.set('dl', 'other.zip');
    expect((await app.inject({ method: 'GET', url: `${u.pathname}?${renamed}` })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: u.pathname })).statusCode).toBe(403);
  });

  it('deletes an expired export on the next request and in the clean-up', async () => {
    const before = (await call(app, fan.token, 'GET', '/users/me/export')).json().data;
    const [row] = await app.db.select().from(tables.dataExports).where(eq(tables.dataExports.id, before._id));
    await app.db.update(tables.dataExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(tables.dataExports.id, row.id));
    expect((await call(app, fan.token, 'GET', '/users/me/export')).json().data).toBeNull();
    expect(await app.storage.get(row.fileKey!)).toBeNull();

    const c = (await call(app, creator.token, 'GET', '/users/me/export')).json().data;
    const [cRow] = await app.db.select().from(tables.dataExports).where(eq(tables.dataExports.id, c._id));
    await app.db.update(tables.dataExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(tables.dataExports.id, cRow.id));
    expect(await app.accountData.cleanUpExpired()).toBeGreaterThanOrEqual(1);
    expect(await app.db.select().from(tables.dataExports).where(eq(tables.dataExports.id, cRow.id))).toEqual([]);
    expect(await app.storage.get(cRow.fileKey!)).toBeNull();
  });
});
