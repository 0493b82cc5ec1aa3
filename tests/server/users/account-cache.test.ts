import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authTokens, users } from '../../../src/server/db/schema';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { fundWallet } from '../../support/money';
import { noticesDelivered } from '../../support/change-notices';
import { describeOnPostgres, secondInstance, soon } from '../../support/second-instance';
import { startTestServer, type TestServer } from '../../support/server';

jest.setTimeout(60_000);

/**
 * The account's own view and a creator's public profile as a visitor sees it are kept in each API
 * process (db/change-cache.ts) and dropped by every change to what they are made of: by this process's
 * own writes before they run, and by the database's `account_changed` notices (migration 0019) for
 * every process. Warm, `GET /users/me` and a visitor's `GET /performers/:id` send no statement.
 */
let server: TestServer;
// The statements' text, not a count: a failure names what was read.
let statements: string[] = [];
beforeAll(async () => {
  server = await startTestServer({}, { onQuery: (text) => { statements.push(text); } });
});
afterAll(() => server.close());

const me = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/users/me', headers: { authorization: token } });
const profile = (app: FastifyInstance, id: string) => app.inject({ method: 'GET', url: `/performers/${id}` });
const counted = async <T>(request: () => Promise<T>): Promise<[T, string[]]> => {
  statements = [];
  const res = await request();
  return [res, statements];
};

describe('the signed-in account\'s own view', () => {
  it('is read once, then costs no statement until it changes', async () => {
    const fan = await createUserWithToken(server.app);
    await noticesDelivered(server.app, 'accounts');
    expect((await me(server.app, fan.token)).statusCode).toBe(200);
    const [warm, sent] = await counted(() => me(server.app, fan.token));
    expect(warm.json().data.username).toBe(fan.user.username);
    expect(sent).toEqual([]);
  });

  it('shows a wallet top-up and a tip at once, on the next request', async () => {
    const fan = await createUserWithToken(server.app);
    const { user: creator } = await createPerformerWithToken(server.app);
    expect((await me(server.app, fan.token)).json().data.balance).toBe(0);
    await fundWallet(server.app, fan.user.id, 50);
    expect((await me(server.app, fan.token)).json().data.balance).toBe(50);
    const tip = await server.app.inject({
      method: 'POST', url: `/wallet/charges/tip/${creator.id}`, headers: { authorization: fan.token }, payload: { amount: 12.5 },
    });
    expect(tip.statusCode).toBe(200);
    expect((await me(server.app, fan.token)).json().data.balance).toBe(37.5);
  });

  it('shows an edit made through the API, and one made by hand in the database, at once', async () => {
    const fan = await createUserWithToken(server.app);
    expect((await me(server.app, fan.token)).statusCode).toBe(200);
    const edited = await server.app.inject({ method: 'PUT', url: '/users', headers: { authorization: fan.token }, payload: { name: 'Edited Name' } });
    expect(edited.statusCode).toBe(200);
    expect((await me(server.app, fan.token)).json().data.name).toBe('Edited Name');
    // Raw SQL that names no key: this process drops everything before it runs.
    await server.app.db.execute(sql.raw(`update users set name = 'By Hand' where username = '${fan.user.username}'`));
    expect((await me(server.app, fan.token)).json().data.name).toBe('By Hand');
  });

  it('shows a pending email change, and its end, at once', async () => {
    const fan = await createUserWithToken(server.app, { passwordHash: null });
    expect((await me(server.app, fan.token)).json().data.pendingEmail).toBeNull();
    await server.app.db.update(users).set({ email: `${fan.user.username}-old@example.com` }).where(eq(users.id, fan.user.id));
    await server.app.db.insert(authTokens).values({
      userId: fan.user.id, kind: 'change-email', tokenHash: 'x', payload: 'new@example.com', expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await me(server.app, fan.token)).json().data.pendingEmail).toBe('new@example.com');
    await server.app.db.update(authTokens).set({ usedAt: new Date() }).where(eq(authTokens.userId, fan.user.id));
    expect((await me(server.app, fan.token)).json().data.pendingEmail).toBeNull();
  });
});

describe('a creator\'s public profile, as a visitor sees it', () => {
  it('is read once, then costs no statement until it changes', async () => {
    const { user } = await createPerformerWithToken(server.app);
    await noticesDelivered(server.app, 'accounts');
    expect((await profile(server.app, user.username!)).statusCode).toBe(200);
    const [warm, sent] = await counted(() => profile(server.app, user.username!));
    expect(warm.statusCode).toBe(200);
    expect(sent).toEqual([]);
  });

  it('follows a change of the site settings it shows while the creator\'s row stays cached', async () => {
    const { user } = await createPerformerWithToken(server.app, {}, { isFreeSubscription: true });
    await noticesDelivered(server.app, 'accounts');
    expect((await profile(server.app, user.username!)).json().data.isFreeSubscription).toBe(true);
    await server.app.settings.set({ freeSubscriptionEnabled: false });
    try {
      const [res, sent] = await counted(() => profile(server.app, user.username!));
      expect(res.json().data).toMatchObject({ isFreeSubscription: false, freeSubscriptionDays: 0 });
      expect(sent).toEqual([]);
    } finally {
      await server.app.settings.set({ freeSubscriptionEnabled: true });
    }
    expect((await profile(server.app, user.username!)).json().data.isFreeSubscription).toBe(true);
  });

  it('shows the creator\'s edit, a new follower and a suspension at once', async () => {
    const creator = await createPerformerWithToken(server.app);
    const fan = await createUserWithToken(server.app);
    const op = await createUserWithToken(server.app, { role: 'admin' });
    expect((await profile(server.app, creator.user.username!)).json().data.stats.followers).toBe(0);

    const edited = await server.app.inject({ method: 'PUT', url: '/performers/me', headers: { authorization: creator.token }, payload: { name: 'Renamed Creator' } });
    expect(edited.statusCode).toBe(200);
    expect((await profile(server.app, creator.user.username!)).json().data.name).toBe('Renamed Creator');

    expect((await server.app.inject({ method: 'POST', url: `/follows/${creator.user.id}`, headers: { authorization: fan.token } })).statusCode).toBe(200);
    expect((await profile(server.app, creator.user.username!)).json().data.stats.followers).toBe(1);

    const suspended = await server.app.inject({
      method: 'PUT', url: `/admin/users/${creator.user.id}/status`, headers: { authorization: op.token }, payload: { status: 'suspended', reason: 'Spam' },
    });
    expect(suspended.statusCode).toBe(200);
    expect((await profile(server.app, creator.user.username!)).statusCode).toBe(403);
  });
});

describeOnPostgres('two API instances sharing PostgreSQL', () => {
  const instanceB = secondInstance(() => server);

  it('shows on instance B a balance and a name changed on instance A', async () => {
    const fan = await createUserWithToken(server.app);
    expect((await me(instanceB(), fan.token)).json().data.balance).toBe(0);
    await fundWallet(server.app, fan.user.id, 20);
    expect((await soon(() => me(instanceB(), fan.token), (res) => res.json().data.balance === 20)).json().data.balance).toBe(20);
    await server.app.inject({ method: 'PUT', url: '/users', headers: { authorization: fan.token }, payload: { name: 'Seen Elsewhere' } });
    expect((await soon(() => me(instanceB(), fan.token), (res) => res.json().data.name === 'Seen Elsewhere')).json().data.name).toBe('Seen Elsewhere');
  });

  it('shows on instance B a profile edited on instance A', async () => {
    const creator = await createPerformerWithToken(server.app);
    expect((await profile(instanceB(), creator.user.username!)).statusCode).toBe(200);
    await server.app.inject({ method: 'PUT', url: '/performers/me', headers: { authorization: creator.token }, payload: { name: 'Edited On A' } });
    const seen = await soon(() => profile(instanceB(), creator.user.username!), (res) => res.json().data.name === 'Edited On A');
    expect(seen.json().data.name).toBe('Edited On A');
  });
});
