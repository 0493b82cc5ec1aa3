import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../support/server';
import { registerFan, type TestAccount } from '../../support/accounts';
import { sessions } from '../../../src/server/db/schema';
import { deviceName } from '../../../src/server/modules/auth/device-name';

jest.setTimeout(60_000);

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let server: TestServer;
let url: string;
let alice: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  alice = await registerFan(server.app);
  bob = await registerFan(server.app);
});
afterAll(() => server.close());

const signIn = async (who: TestAccount, userAgent: string) => {
  const res = await server.app.inject({
    method: 'POST', url: '/auth/login', headers: { 'user-agent': userAgent }, payload: { username: who.username, password: who.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
};
const list = (token: string) => server.app.inject({ method: 'GET', url: '/auth/sessions', headers: { authorization: token } });
const me = (token: string) => server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: token } });
const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;
const liveSessions = async (userId: string) =>
  (await server.app.db.select().from(sessions).where(eq(sessions.userId, userId))).filter((s) => !s.revokedAt).length;

function socketOf(token: string): Promise<Socket> {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, query: { token } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('device names', () => {
  it('summarises common user agents', () => {
    expect(deviceName(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(deviceName(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Windows');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0')).toBe('Edge on Windows');
    expect(deviceName('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceName(undefined)).toBe('Unknown device');
  });
});

describe('GET /auth/sessions', () => {
  it('lists my live sessions with device, IP, times and which one is this device; never another account\'s', async () => {
    const laptop = await signIn(alice, CHROME_LINUX);
    const phone = await signIn(alice, SAFARI_IPHONE);
    await signIn(bob, CHROME_LINUX);

    const res = await list(laptop);
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json().data;
    // Registration's session, the laptop and the phone.
    expect(total).toBe(3);
    expect(data).toHaveLength(3);
    const byId = new Map(data.map((s: { id: string }) => [s.id, s]));
    expect(byId.get(sidOf(laptop))).toMatchObject({ device: 'Chrome on Linux', ip: '127.0.0.1', current: true });
    expect(byId.get(sidOf(phone))).toMatchObject({ device: 'Safari on iPhone', current: false });
    for (const s of data) {
      expect(Number.isNaN(Date.parse(s.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(s.lastSeenAt))).toBe(false);
    }
    expect(data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(data.some((s: { id: string }) => s.id === sidOf(bob.token))).toBe(false);
  });

  it('needs a token', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/auth/sessions' })).statusCode).toBe(401);
  });

  it('writes last_seen_at at most once a minute per session', async () => {
    const token = await signIn(alice, CHROME_LINUX);
    const sid = sidOf(token);
    const row = async () => (await server.app.db.select().from(sessions).where(eq(sessions.id, sid)))[0];
    // Fresh: the sign-in time stands for "last seen" until a minute has passed.
    await me(token);
    expect((await row()).lastSeenAt).toBeNull();

    // Two minutes later (as far as the row knows): the next request writes it once.
    const old = new Date(Date.now() - 120_000);
    await server.app.db.update(sessions).set({ createdAt: old, lastSeenAt: old }).where(eq(sessions.id, sid));
    await me(token);
    const seen = (await row()).lastSeenAt!;
    expect(Date.now() - seen.getTime()).toBeLessThan(30_000);

    // Within the minute, further requests leave it alone.
    const marker = new Date(Date.now() - 20_000);
    await server.app.db.update(sessions).set({ lastSeenAt: marker }).where(eq(sessions.id, sid));
    await me(token);
    await me(token);
    expect((await row()).lastSeenAt!.getTime()).toBe(marker.getTime());

    const listed = (await list(token)).json().data.data.find((s: { id: string }) => s.id === sid);
    expect(listed.lastSeenAt).toBe(marker.toISOString());
  });
});

describe('DELETE /auth/sessions/:id', () => {
  it('signs one of my devices out at once and closes its socket', async () => {
    const laptop = await signIn(alice, CHROME_LINUX);
    const phone = await signIn(alice, SAFARI_IPHONE);
    const socket = await socketOf(phone);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const res = await server.app.inject({ method: 'DELETE', url: `/auth/sessions/${sidOf(phone)}`, headers: { authorization: laptop } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });
    expect(await closed).toBe('io server disconnect');
    socket.close();

    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await list(laptop)).json().data.data.some((s: { id: string }) => s.id === sidOf(phone))).toBe(false);
    // Again: it is gone.
    const again = await server.app.inject({ method: 'DELETE', url: `/auth/sessions/${sidOf(phone)}`, headers: { authorization: laptop } });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for another account\'s session and changes nothing', async () => {
    const bobToken = await signIn(bob, CHROME_LINUX);
    const before = await liveSessions(bob.id);
    const res = await server.app.inject({ method: 'DELETE', url: `/auth/sessions/${sidOf(bobToken)}`, headers: { authorization: alice.token } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Session not found');
    expect(await liveSessions(bob.id)).toBe(before);
    expect((await me(bobToken)).statusCode).toBe(200);
  });

  it('refuses a malformed id with 400', async () => {
    const res = await server.app.inject({ method: 'DELETE', url: '/auth/sessions/not-a-uuid', headers: { authorization: alice.token } });
    expect(res.statusCode).toBe(400);
  });
});

describe('DELETE /auth/sessions', () => {
  it('signs out every other device of mine, keeps this one and leaves other accounts alone', async () => {
    const carol = await registerFan(server.app);
    const here = await signIn(carol, CHROME_LINUX);
    const other1 = await signIn(carol, SAFARI_IPHONE);
    const other2 = await signIn(carol, CHROME_LINUX);
    const bobToken = await signIn(bob, CHROME_LINUX);
    const socket = await socketOf(other1);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const res = await server.app.inject({ method: 'DELETE', url: '/auth/sessions', headers: { authorization: here } });
    expect(res.statusCode).toBe(200);
    // The registration session and the two others.
    expect(res.json()).toEqual({ data: { success: true, revoked: 3 } });
    expect(await closed).toBe('io server disconnect');
    socket.close();

    for (const t of [other1, other2, carol.token]) expect((await me(t)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(bobToken)).statusCode).toBe(200);
    const left = (await list(here)).json().data;
    expect(left.total).toBe(1);
    expect(left.data[0]).toMatchObject({ id: sidOf(here), current: true });
  });
});

describe('a password change ends the other devices\' sockets too', () => {
  it('closes the socket of every other session of mine, not this one\'s', async () => {
    const dan = await registerFan(server.app);
    const here = await signIn(dan, CHROME_LINUX);
    const phone = await signIn(dan, SAFARI_IPHONE);
    const other = await socketOf(phone);
    const mine = await socketOf(here);
    const closed = new Promise<string>((resolve) => other.once('disconnect', resolve));

    const res = await server.app.inject({
      method: 'PUT', url: '/auth/users/me/password', headers: { authorization: here },
      payload: { password: 'brand-new-password-1', currentPassword: dan.password },
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await me(phone)).statusCode).toBe(401);
    expect(mine.connected).toBe(true);
    other.close();
    mine.close();
  });
});
