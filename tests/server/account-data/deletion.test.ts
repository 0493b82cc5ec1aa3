import crypto from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../../src/server/modules/auth/password';
import { walletOf, earningsOf } from '../../../src/server/modules/ledger/ledger.repository';
import { login, registerFan, type TestAccount } from '../../support/accounts';
import { allRows, createPerformerWithToken, tables } from '../../support/db';
import { balanceOf, expectLedgerSound, fundWallet } from '../../support/money';
import { startTestServer, type TestServer } from '../../support/server';
import { addBanking, sell } from '../payouts/payout-fixtures';
import { call, exchangeMessages, subscribe } from './account-data-helpers';

jest.setTimeout(180_000);

let server: TestServer;
let app: FastifyInstance;

beforeAll(async () => {
  server = await startTestServer();
  app = server.app;
});
afterAll(() => server.close());

const CREATOR_PASSWORD = 'creator secret pass';

async function creatorWithPassword() {
  const tag = crypto.randomBytes(4).toString('hex');
  const { user, token } = await createPerformerWithToken(
    app, { username: `cr_${tag}`, email: `cr_${tag}@example.test`, passwordHash: await hashPassword(CREATOR_PASSWORD), emailVerified: true },
    { bio: '<p>My bio</p>', city: 'Lisbon', idDocumentPath: `private/documents/${tag}.jpg` },
  );
  return { id: user.id, token, username: user.username!, email: user.email! };
}

const userRow = async (id: string) => (await app.db.select().from(tables.users).where(eq(tables.users.id, id)))[0];

/** Everything a refused deletion must leave as it was. */
async function snapshot(userId: string) {
  return {
    user: await userRow(userId),
    sessions: (await allRows(app, tables.sessions)).filter((s) => s.userId === userId).map((s) => `${s.id}:${s.revokedAt}`),
    subscriptions: (await allRows(app, tables.subscriptions)).map((s) => `${s.id}:${s.status}`),
    follows: (await allRows(app, tables.follows)).length,
  };
}

describe('GET /users/me/deletion-check', () => {
  it('tells what would be forfeited or waited for', async () => {
    const fan = await registerFan(app);
    const creator = await creatorWithPassword();
    await fundWallet(app, fan.id, 25);
    await subscribe(app, fan.id, creator.id);
    expect((await call(app, fan.token, 'GET', '/users/me/deletion-check')).json().data).toEqual({
      unpaidEarnings: 0, pendingPayouts: 0, walletBalance: 25, activeSubscriptions: 1, activeSubscribers: 0,
      hasPassword: true, canDelete: true, forfeits: true,
    });
    expect((await call(app, null, 'GET', '/users/me/deletion-check')).statusCode).toBe(401);
  });
});

describe('DELETE /users/me', () => {
  let fan: TestAccount;
  let creator: Awaited<ReturnType<typeof creatorWithPassword>>;

  beforeAll(async () => {
    fan = await registerFan(app, { name: 'Dora Delete' });
    creator = await creatorWithPassword();
    await fundWallet(app, fan.id, 50);
    await subscribe(app, fan.id, creator.id);
    expect((await call(app, fan.token, 'POST', `/follows/${creator.id}`)).statusCode).toBe(200);
    await exchangeMessages(app, fan, creator, 'hello', 'hi');
    expect((await call(app, fan.token, 'POST', `/wallet/charges/tip/${creator.id}`, { amount: 10 })).statusCode).toBe(200);
    await app.db.insert(tables.addresses).values({ userId: fan.id, name: 'Dora', country: 'PT', city: 'Porto', streetAddress: 'Rua 1' });
    await app.db.insert(tables.paymentCards).values({
      userId: fan.id, gateway: 'sandbox', gatewayPaymentMethodId: `pm_${fan.id}`, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, holderName: 'Dora Delete',
    });
    await app.db.insert(tables.gatewayCustomers).values({ userId: fan.id, gateway: 'sandbox', customerId: `cus_${fan.id}` });
  });

  it('refuses without the password, with a wrong one, and without acknowledging the forfeit, writing nothing', async () => {
    const before = await snapshot(fan.id);
    const missing = await call(app, fan.token, 'DELETE', '/users/me', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([expect.objectContaining({ field: 'currentPassword' })]);
    const wrong = await call(app, fan.token, 'DELETE', '/users/me', { currentPassword: 'not my password', acknowledgeForfeit: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/password is incorrect/);
    const unacknowledged = await call(app, fan.token, 'DELETE', '/users/me', { currentPassword: fan.password });
    expect(unacknowledged.statusCode).toBe(422);
    expect(unacknowledged.json().details).toEqual([expect.objectContaining({ field: 'acknowledgeForfeit' })]);
    const unknownField = await call(app, fan.token, 'DELETE', '/users/me', { currentPassword: fan.password, acknowledgeForfeit: true, extra: 1 });
    expect(unknownField.statusCode).toBe(400);
    expect(await snapshot(fan.id)).toEqual(before);
    expect((await call(app, fan.token, 'GET', '/users/me')).statusCode).toBe(200);
  });

  it('erases the fan: signed out everywhere, cannot sign in, personal data gone, subscriptions ended, books balanced', async () => {
    const second = await login(app, fan.username, fan.password);
    expect(second.statusCode).toBe(200);
    const otherToken = second.json().data.token as string;
    const walletBefore = await balanceOf(app, walletOf(fan.id));

    const res = await call(app, fan.token, 'DELETE', '/users/me', { currentPassword: fan.password, acknowledgeForfeit: true });
    expect(res.statusCode).toBe(200);

    for (const token of [fan.token, otherToken]) expect((await call(app, token, 'GET', '/users/me')).statusCode).toBe(401);
    expect((await login(app, fan.username, fan.password)).statusCode).toBe(401);
    expect((await login(app, fan.email, fan.password)).statusCode).toBe(401);

    const row = await userRow(fan.id);
    expect(row).toMatchObject({ name: 'Deleted account', email: null, passwordHash: null, avatarPath: null, status: 'inactive' });
    expect(row.username).toMatch(/^deleted_[0-9a-f]{12}$/);
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect((await allRows(app, tables.addresses)).filter((a) => a.userId === fan.id)).toEqual([]);
    // Saved cards (holder name, last four digits) and the gateway customer go with the account.
    expect((await allRows(app, tables.paymentCards)).filter((c) => c.userId === fan.id)).toEqual([]);
    expect((await allRows(app, tables.gatewayCustomers)).filter((c) => c.userId === fan.id)).toEqual([]);
    expect((await allRows(app, tables.follows)).filter((f) => f.followerId === fan.id)).toEqual([]);
    expect((await allRows(app, tables.sessions)).filter((s) => s.userId === fan.id && !s.revokedAt)).toEqual([]);
    const subs = (await allRows(app, tables.subscriptions)).filter((s) => s.userId === fan.id);
    expect(subs.map((s) => s.status)).toEqual(['expired']);
    expect(subs[0].expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    const [perf] = await app.db.select().from(tables.performers).where(eq(tables.performers.userId, creator.id));
    expect(perf).toMatchObject({ totalSubscribers: 0, totalFollowers: 0 });

    // The ledger keeps every entry: the forfeited tokens stay on the anonymised wallet, the books balance.
    expect(await balanceOf(app, walletOf(fan.id))).toBe(walletBefore);
    expect((await allRows(app, tables.ledgerTransactions)).filter((t) => t.userId === fan.id).length).toBeGreaterThanOrEqual(2);
    await expectLedgerSound(app);
    // The creator still sees the conversation, with the anonymised name.
    const convs = await call(app, creator.token, 'GET', '/conversations');
    expect(JSON.stringify(convs.json().data)).toContain('Deleted account');
    expect(JSON.stringify(convs.json().data)).not.toContain('Dora Delete');
  });

  it('does nothing for an already deleted account\'s token and keeps other accounts untouched', async () => {
    expect((await call(app, fan.token, 'DELETE', '/users/me', { currentPassword: fan.password, acknowledgeForfeit: true })).statusCode).toBe(401);
    expect((await call(app, creator.token, 'GET', '/users/me')).statusCode).toBe(200);
  });
});

describe('a creator deleting their account', () => {
  it('waits for a pending payout (409), then removes the profile and content; unpaid earnings are forfeited and the books balance', async () => {
    const creator = await creatorWithPassword();
    const fan = await registerFan(app);
    await subscribe(app, fan.id, creator.id);
    await sell(app, creator.id, 100);
    const [file] = await app.db.insert(tables.mediaFiles).values({
      ownerId: creator.id, kind: 'video', purpose: 'video', status: 'ready', mainKey: `media/videos/${crypto.randomUUID()}.mp4`, mainContentType: 'video/mp4',
    }).returning();
    const [video] = await app.db.insert(tables.videos).values({ performerId: creator.id, access: 'free', title: 'a video', fileId: file.id }).returning();
    const videoId = video.id;
    await addBanking(app, creator.token);
    const payout = await call(app, creator.token, 'POST', '/payout-requests', { amount: 50, method: 'banking' });
    expect(payout.statusCode).toBe(200);

    const check = (await call(app, creator.token, 'GET', '/users/me/deletion-check')).json().data;
    expect(check).toMatchObject({ unpaidEarnings: 30, pendingPayouts: 50, activeSubscribers: 1, canDelete: false, forfeits: true });
    const refused = await call(app, creator.token, 'DELETE', '/users/me', { currentPassword: CREATOR_PASSWORD, acknowledgeForfeit: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/payout request is pending/);
    expect((await userRow(creator.id)).deletedAt).toBeNull();

    // The creator cancels the request (the reserve returns to earnings), then deletes.
    const cancelled = await call(app, creator.token, 'PUT', `/payout-requests/${payout.json().data._id}`, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    const res = await call(app, creator.token, 'DELETE', '/users/me', { currentPassword: CREATOR_PASSWORD, acknowledgeForfeit: true });
    expect(res.body).toBe('{"data":{"success":true}}');

    expect((await call(app, null, 'GET', `/performers/${creator.username}`)).statusCode).toBe(404);
    expect((await call(app, null, 'GET', `/performers/${creator.id}`)).statusCode).toBe(404);
    expect((await login(app, creator.username, CREATOR_PASSWORD)).statusCode).toBe(401);
    const [perf] = await app.db.select().from(tables.performers).where(eq(tables.performers.userId, creator.id));
    expect(perf).toMatchObject({ bio: '', city: null, idDocumentPath: null, totalSubscribers: 0 });
    expect(await app.db.select().from(tables.performerBankingSettings).where(eq(tables.performerBankingSettings.performerId, creator.id))).toEqual([]);
    expect(await app.db.select().from(tables.videos).where(eq(tables.videos.id, videoId))).toEqual([]);
    expect(await app.db.select().from(tables.mediaFiles).where(eq(tables.mediaFiles.id, file.id))).toEqual([]);
    const subs = await app.db.select().from(tables.subscriptions).where(or(eq(tables.subscriptions.performerId, creator.id)));
    expect(subs.map((s) => s.status)).toEqual(['expired']);
    expect(await balanceOf(app, earningsOf(creator.id))).toBe(80);
    await expectLedgerSound(app);
  });
});
