import { SignJWT } from 'jose';
import { count, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { login, registerFan, type TestAccount } from '../../support/accounts';
import { sessions, users } from '../../../src/server/db/schema';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(30_000);

let server: TestServer;
let alice: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  alice = await registerFan(server.app, { username: 'alice', email: 'alice@example.com', password: 'alice-password' });
});
afterAll(() => server.close());

const me = (token: string) => server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: token } });
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number; iat: number; sid: string };
const DAY = 86_400;
const sessionCount = async () => Number((await server.app.db.select({ n: count() }).from(sessions))[0].n);

describe('POST /auth/login', () => {
  it('accepts the username or the email in either field, in any case', async () => {
    for (const payload of [
      { username: 'alice', password: 'alice-password' },
      { username: 'ALICE@example.com', password: 'alice-password' },
      { email: 'Alice@Example.com', password: 'alice-password' },
      { email: 'Alice', password: 'alice-password' },
    ]) {
      const res = await server.app.inject({ method: 'POST', url: '/auth/login', payload });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.message).toBe('Signed in successfully');
      expect((await me(res.json().data.token)).json().data.username).toBe('alice');
    }
  });

  it('issues a 1-day token by default and a 365-day token with remember', async () => {
    const short = claims((await login(server.app, 'alice', 'alice-password')).json().data.token);
    expect(short.exp - short.iat).toBeGreaterThanOrEqual(DAY - 5);
    expect(short.exp - short.iat).toBeLessThanOrEqual(DAY + 5);
    const long = claims((await login(server.app, 'alice', 'alice-password', true)).json().data.token);
    expect(long.exp - long.iat).toBeGreaterThanOrEqual(365 * DAY - 5);
    expect(long.exp - long.iat).toBeLessThanOrEqual(365 * DAY + 5);
  });

  it('gives the same 401 for a wrong password and an unknown user, and opens no session', async () => {
    const before = await sessionCount();
    const wrong = await login(server.app, 'alice', 'not-her-password');
    const unknown = await login(server.app, 'nobody', 'alice-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Incorrect username or password' });
    }
    expect(await sessionCount()).toBe(before);
  });

  it('rejects bad input with 400 and a readable message', async () => {
    const noName = await server.app.inject({ method: 'POST', url: '/auth/login', payload: { password: 'alice-password' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Enter your email or username');
    const noPassword = await server.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'alice' } });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().details).toEqual([{ field: 'password', message: 'password is required' }]);
    const tooLong = await server.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'a'.repeat(300), password: 'x' } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('username must be at most 254 characters');
    const notJson = await server.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toMatch(/JSON/);
  });

  it('answers 403 for a deactivated account', async () => {
    const bob = await registerFan(server.app, { password: 'bob-password' });
    await server.app.db.update(users).set({ status: 'inactive' }).where(eq(users.id, bob.id));
    const res = await login(server.app, bob.username, 'bob-password');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account has been deactivated. Please contact support.');
    // Tokens issued before the deactivation stop working too.
    expect((await me(bob.token)).statusCode).toBe(401);
  });
});

describe('tokens and sessions', () => {
  it('accepts the raw token and the Bearer form, and 401s without one', async () => {
    const token = (await login(server.app, 'alice', 'alice-password')).json().data.token;
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    const none = await me('');
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Please sign in to continue');
  });

  it('rejects forged and expired tokens with a readable 401', async () => {
    const token = (await login(server.app, 'alice', 'alice-password')).json().data.token;
    const forged = await new SignJWT({ sid: claims(token).sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(64)));
    expect((await me(forged)).json()).toMatchObject({ statusCode: 401, message: 'Invalid token, please sign in again' });
    const tampered = `${token.slice(0, -4)}AAAA`;
    expect((await me(tampered)).statusCode).toBe(401);
    const expired = await new SignJWT({ sid: claims(token).sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(server.config.jwtSecret!));
    expect((await me(expired)).json()).toMatchObject({ statusCode: 401, message: 'Your session has expired, please sign in again' });
    expect((await me('garbage')).statusCode).toBe(401);
  });

  it('refuses a token it accepted before once that token expires (signatures are remembered, expiry is not)', async () => {
    const token = (await login(server.app, 'alice', 'alice-password')).json().data.token;
    // At least a second ahead, so the first request is certainly in time.
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await new SignJWT({ sid: claims(token).sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.id)
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(server.config.jwtSecret!));
    expect((await me(shortLived)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 20));
    expect((await me(shortLived)).json()).toMatchObject({ statusCode: 401, message: 'Your session has expired, please sign in again' });
  });

  it('logout revokes only the current session', async () => {
    const a = (await login(server.app, 'alice', 'alice-password')).json().data.token;
    const b = (await login(server.app, 'alice', 'alice-password')).json().data.token;
    const out = await server.app.inject({ method: 'POST', url: '/auth/logout', headers: { authorization: a } });
    expect(out.json()).toEqual({ data: { success: true } });
    expect((await me(a)).json()).toMatchObject({ statusCode: 401, message: 'Your session has ended, please sign in again' });
    expect((await me(b)).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'POST', url: '/auth/logout', headers: { authorization: a } })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(401);
  });
});

describe('PUT /auth/users/me/password', () => {
  const change = (token: string | undefined, payload: object) =>
    server.app.inject({ method: 'PUT', url: '/auth/users/me/password', headers: token ? { authorization: token } : {}, payload });

  it('changes the password and signs out every other session, keeping the current one', async () => {
    const carol = await registerFan(server.app, { password: 'carol-old-pass' });
    const other = (await login(server.app, carol.username, 'carol-old-pass')).json().data.token;
    const res = await change(carol.token, { password: 'carol-new-pass', source: 'user', currentPassword: 'carol-old-pass' });
    expect(res.json()).toEqual({ data: { success: true } });
    expect((await me(carol.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(server.app, carol.username, 'carol-old-pass')).statusCode).toBe(401);
    expect((await login(server.app, carol.username, 'carol-new-pass')).statusCode).toBe(200);
  });

  it('rejects bad input and strangers, changing nothing', async () => {
    const dave = await registerFan(server.app, { password: 'dave-password' });
    const [before] = await server.app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, dave.id));
    const short = await change(dave.token, { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([{ field: 'password', message: 'password must be at least 8 characters' }]);
    expect((await change(dave.token, { password: 'x'.repeat(129) })).statusCode).toBe(400);
    expect((await change(dave.token, { password: 'long-enough', source: 'admin' })).statusCode).toBe(400);
    expect((await change(undefined, { password: 'long-enough' })).statusCode).toBe(401);
    const [after] = await server.app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, dave.id));
    expect(after.hash).toBe(before.hash);
  });

  it('only ever changes the caller: another account token changes that account, not this one', async () => {
    const erin = await registerFan(server.app, { password: 'erin-password' });
    const frank = await registerFan(server.app, { password: 'frank-password' });
    expect((await change(frank.token, { password: 'frank-new-pass', currentPassword: 'frank-password' })).statusCode).toBe(200);
    expect((await login(server.app, erin.username, 'erin-password')).statusCode).toBe(200);
    expect((await login(server.app, frank.username, 'frank-new-pass')).statusCode).toBe(200);
  });
});

describe('social sign-in when no provider is configured', () => {
  it('tells the web nothing is available and refuses each route with 400', async () => {
    const providers = await server.app.inject({ method: 'GET', url: '/auth/providers' });
    expect(providers.json()).toEqual({ data: { google: false, twitter: false, googleClientId: null } });
    const cases: [string, object, string][] = [
      ['/auth/google/login', { token: 'x'.repeat(20) }, 'Google sign-in is not configured'],
      ['/auth/google/token', { token: 'some-code' }, 'Google sign-in is not configured'],
      ['/auth/twitter/login', {}, 'Twitter sign-in is not configured'],
      ['/auth/twitter/callback', { oauthToken: 'a', oauthTokenSecret: 'b', oauthVerifier: 'c' }, 'Twitter sign-in is not configured'],
    ];
    for (const [url, payload, message] of cases) {
      const res = await server.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});
