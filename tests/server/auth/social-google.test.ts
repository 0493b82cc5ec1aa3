import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { count, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { login, registerFan } from '../../support/accounts';
import { linkToken } from '../../support/outbox';
import { performers, socialAccounts, users } from '../../../src/server/db/schema';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(30_000);

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const CLIENT_SECRET = 'test-google-secret';

let server: TestServer;
let google: http.Server;
let privateKey: CryptoKey;
let tokenRequests: URLSearchParams[] = [];
let codeProfile: Record<string, unknown> = {};

/** Signs an ID token the way Google does; `over` changes claims or the key to make bad ones. */
async function idToken(claims: Record<string, unknown>, over: { iss?: string; aud?: string; exp?: string | number; key?: CryptoKey } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(over.iss ?? 'https://accounts.google.com')
    .setAudience(over.aud ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(over.exp ?? '1h')
    .sign(over.key ?? privateKey);
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  // Stand-in for Google's certs and token endpoints.
  google = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      if (req.method === 'GET' && req.url === '/certs') {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ keys: [jwk] }));
      }
      if (req.method === 'POST' && req.url === '/token') {
        const form = new URLSearchParams(body);
        tokenRequests.push(form);
        res.setHeader('content-type', 'application/json');
        const valid = form.get('code') === 'good-code' && form.get('client_id') === CLIENT_ID
          && form.get('client_secret') === CLIENT_SECRET && form.get('grant_type') === 'authorization_code';
        if (!valid) {
          res.statusCode = 400;
          return res.end(JSON.stringify({ error: 'invalid_grant' }));
        }
        return res.end(JSON.stringify({ access_token: 'at', id_token: await idToken(codeProfile), token_type: 'Bearer' }));
      }
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((r) => google.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
  server = await startTestServer({
    GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, GOOGLE_CERTS_URL: `${base}/certs`, GOOGLE_TOKEN_URL: `${base}/token`,
  });
});
afterAll(async () => {
  await server.close();
  await new Promise((r) => google.close(r));
});

const googleLogin = (payload: object) => server.app.inject({ method: 'POST', url: '/auth/google/login', payload });
const me = async (token: string) => (await server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: token } })).json().data;
const userCount = async () => Number((await server.app.db.select({ n: count() }).from(users))[0].n);

describe('Google sign-in', () => {
  it('tells the web Google is available', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/auth/providers' });
    expect(res.json().data).toEqual({ google: true, twitter: false, googleClientId: CLIENT_ID });
  });

  it('creates an account without a username on first sign-in and reuses it afterwards', async () => {
    const token = await idToken({ sub: 'g-100', email: 'New.Person@gmail.com', email_verified: true, name: 'New Person' });
    const first = await googleLogin({ token, remember: true });
    expect(first.statusCode).toBe(200);
    const user = await me(first.json().data.token);
    expect(user).toMatchObject({ name: 'New Person', username: null, email: 'new.person@gmail.com', emailVerified: true, role: 'user' });
    const before = await userCount();
    const again = await googleLogin({ token: await idToken({ sub: 'g-100', email: 'new.person@gmail.com', email_verified: true, name: 'New Person' }) });
    expect((await me(again.json().data.token))._id).toBe(user._id);
    expect(await userCount()).toBe(before);
  });

  it('creates a performer when asked to', async () => {
    const res = await googleLogin({ token: await idToken({ sub: 'g-200', email: 'creator@gmail.com', email_verified: true, name: 'Creator' }), role: 'performer' });
    const user = await me(res.json().data.token);
    expect(user).toMatchObject({ role: 'performer', isPerformer: true, verifiedDocument: false, username: null });
    expect(await server.app.db.select().from(performers).where(eq(performers.userId, user._id))).toHaveLength(1);
  });

  it('links to an existing account with the same verified email', async () => {
    const fan = await registerFan(server.app, { email: 'owner@gmail.com', password: 'owner-password' });
    await server.app.inject({ method: 'POST', url: '/auth/email-verification/verify', payload: { token: await linkToken(server.dataDir, 'owner@gmail.com', '/auth/verify-email') } });
    const res = await googleLogin({ token: await idToken({ sub: 'g-300', email: 'OWNER@gmail.com', email_verified: true, name: 'Owner' }) });
    expect((await me(res.json().data.token))._id).toBe(fan.id);
    // The password and the old session keep working: the address had been proven before.
    expect((await login(server.app, fan.username, 'owner-password')).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: fan.token } })).statusCode).toBe(200);
  });

  it('takes over an unverified same-email account only after dropping its password and sessions', async () => {
    const squatter = await registerFan(server.app, { email: 'victim@gmail.com', password: 'squatter-pass' });
    const res = await googleLogin({ token: await idToken({ sub: 'g-400', email: 'victim@gmail.com', email_verified: true, name: 'Victim' }) });
    expect((await me(res.json().data.token))._id).toBe(squatter.id);
    expect((await login(server.app, squatter.username, 'squatter-pass')).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: squatter.token } })).statusCode).toBe(401);
  });

  it('never links through an email Google has not verified', async () => {
    const fan = await registerFan(server.app, { email: 'unsure@example.com' });
    const res = await googleLogin({ token: await idToken({ sub: 'g-500', email: 'unsure@example.com', email_verified: false, name: 'Unsure' }) });
    const user = await me(res.json().data.token);
    expect(user._id).not.toBe(fan.id);
    expect(user.email).toBeNull();
  });

  it('rejects tokens for another app, from another issuer, with another key or expired, creating nothing', async () => {
    const before = await userCount();
    const links = Number((await server.app.db.select({ n: count() }).from(socialAccounts))[0].n);
    const other = await generateKeyPair('RS256');
    const claims = { sub: 'g-bad', email: 'bad@gmail.com', email_verified: true, name: 'Bad' };
    for (const token of [
      await idToken(claims, { aud: 'someone-else' }),
      await idToken(claims, { iss: 'https://evil.example.com' }),
      await idToken(claims, { key: other.privateKey }),
      await idToken(claims, { exp: Math.floor(Date.now() / 1000) - 600 }),
      'not-a-jwt-at-all',
    ]) {
      const res = await googleLogin({ token });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Google sign-in failed: the token is invalid or has expired');
    }
    expect(await userCount()).toBe(before);
    expect(Number((await server.app.db.select({ n: count() }).from(socialAccounts))[0].n)).toBe(links);
  });

  it('exchanges an authorization code for the ID token', async () => {
    tokenRequests = [];
    codeProfile = { sub: 'g-600', email: 'code.flow@gmail.com', email_verified: true, name: 'Code Flow' };
    const res = await server.app.inject({ method: 'POST', url: '/auth/google/token', payload: { token: 'good-code' } });
    expect(res.statusCode).toBe(200);
    expect(await me(res.json().data.token)).toMatchObject({ email: 'code.flow@gmail.com', username: null });
    expect(tokenRequests[0].get('redirect_uri')).toBe('postmessage');

    const bad = await server.app.inject({ method: 'POST', url: '/auth/google/token', payload: { token: 'bad-code', redirectUri: 'http://localhost:3000/x' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Google sign-in failed: the authorisation code was not accepted');
    expect(tokenRequests[1].get('redirect_uri')).toBe('http://localhost:3000/x');
  });

  it('refuses a deactivated account', async () => {
    const res = await googleLogin({ token: await idToken({ sub: 'g-700', email: 'gone@gmail.com', email_verified: true, name: 'Gone' }) });
    const id = (await me(res.json().data.token))._id;
    await server.app.db.update(users).set({ status: 'inactive' }).where(eq(users.id, id));
    const again = await googleLogin({ token: await idToken({ sub: 'g-700', email: 'gone@gmail.com', email_verified: true, name: 'Gone' }) });
    expect(again.statusCode).toBe(403);
  });

  it('validates the body', async () => {
    expect((await googleLogin({})).json().details).toEqual([{ field: 'token', message: 'token is required' }]);
    expect((await googleLogin({ token: 'x'.repeat(20), role: 'admin' })).statusCode).toBe(400);
  });
});
