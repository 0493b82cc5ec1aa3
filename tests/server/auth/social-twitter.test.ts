import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { oauth1Signature } from '../../../src/server/modules/auth/oauth1';
import { users } from '../../../src/server/db/schema';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(30_000);

const CONSUMER_KEY = 'tw-consumer-key';
const CONSUMER_SECRET = 'tw-consumer-secret';

/**
 * The stand-in's own check of an OAuth 1.0a signature, written separately from the server's
 * implementation so a mistake in one is not mirrored in the other.
 */
function signatureValid(method: string, url: URL, authorization: string, tokenSecret: string, body = ''): Record<string, string> | null {
  if (!authorization.startsWith('OAuth ')) return null;
  const oauth: Record<string, string> = {};
  for (const m of authorization.slice(6).matchAll(/([\w]+)="([^"]*)"/g)) oauth[decodeURIComponent(m[1])] = decodeURIComponent(m[2]);
  const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  const pairs: [string, string][] = [];
  for (const [k, v] of Object.entries(oauth)) if (k !== 'oauth_signature') pairs.push([enc(k), enc(v)]);
  url.searchParams.forEach((v, k) => pairs.push([enc(k), enc(v)]));
  new URLSearchParams(body).forEach((v, k) => pairs.push([enc(k), enc(v)]));
  pairs.sort((a, b) => (a[0] + '=' + a[1] < b[0] + '=' + b[1] ? -1 : 1));
  const base = `${method}&${enc(`${url.origin}${url.pathname}`)}&${enc(pairs.map((p) => p.join('=')).join('&'))}`;
  const expected = crypto.createHmac('sha1', `${enc(CONSUMER_SECRET)}&${enc(tokenSecret)}`).update(base).digest('base64');
  const ok = oauth.oauth_consumer_key === CONSUMER_KEY && oauth.oauth_signature_method === 'HMAC-SHA1' && oauth.oauth_signature === expected;
  return ok ? oauth : null;
}

let server: TestServer;
let twitter: http.Server;
let apiUrl: string;
let credentials: Record<string, unknown> = { id_str: '42', name: 'Tweety Bird', screen_name: 'tweety', email: 'tweety@example.com' };
const seen: string[] = [];

beforeAll(async () => {
  twitter = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url!, apiUrl);
      const auth = req.headers.authorization ?? '';
      seen.push(`${req.method} ${url.pathname}`);
      if (req.method === 'POST' && url.pathname === '/oauth/request_token') {
        const oauth = signatureValid('POST', url, auth, '', body);
        if (!oauth || !oauth.oauth_callback) return res.writeHead(401).end('bad signature');
        return res.end(`oauth_token=req-token&oauth_token_secret=req-secret&oauth_callback_confirmed=true`);
      }
      if (req.method === 'POST' && url.pathname === '/oauth/access_token') {
        const oauth = signatureValid('POST', url, auth, 'req-secret', body);
        if (!oauth || oauth.oauth_token !== 'req-token' || oauth.oauth_verifier !== 'good-verifier') {
          return res.writeHead(401).end('Invalid request token');
        }
        return res.end('oauth_token=acc-token&oauth_token_secret=acc-secret&user_id=42&screen_name=tweety');
      }
      if (req.method === 'GET' && url.pathname === '/1.1/account/verify_credentials.json') {
        const oauth = signatureValid('GET', url, auth, 'acc-secret');
        if (!oauth || oauth.oauth_token !== 'acc-token' || url.searchParams.get('include_email') !== 'true') {
          return res.writeHead(401).end('{"errors":[{"code":32}]}');
        }
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify(credentials));
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => twitter.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(twitter.address() as AddressInfo).port}`;
  server = await startTestServer({ TWITTER_CONSUMER_KEY: CONSUMER_KEY, TWITTER_CONSUMER_SECRET: CONSUMER_SECRET, TWITTER_API_URL: apiUrl });
});
afterAll(async () => {
  await server.close();
  await new Promise((r) => twitter.close(r));
});

const post = (url: string, payload: object) => server.app.inject({ method: 'POST', url, payload });
const me = async (token: string) => (await server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: token } })).json().data;
const userCount = async () => Number((await server.app.db.select({ n: count() }).from(users))[0].n);
const finish = (over: object = {}) =>
  post('/auth/twitter/callback', { oauthToken: 'req-token', oauthTokenSecret: 'req-secret', oauthVerifier: 'good-verifier', ...over });

describe('OAuth 1.0a signature', () => {
  it('matches the worked example of Twitter\'s documentation', () => {
    const signature = oauth1Signature(
      {
        method: 'POST',
        url: 'https://api.twitter.com/1.1/statuses/update.json',
        consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
        consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
        tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
        params: { status: 'Hello Ladies + Gentlemen, a signed OAuth request!', include_entities: 'true' },
      },
      {
        oauth_consumer_key: 'xvz1evFS4wEEPTGEFPHBog',
        oauth_nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
        oauth_signature_method: 'HMAC-SHA1',
        oauth_timestamp: '1318622958',
        oauth_token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
        oauth_version: '1.0',
      },
    );
    expect(signature).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });
});

describe('Twitter sign-in', () => {
  it('starts with a signed request token and the authorisation URL', async () => {
    const res = await post('/auth/twitter/login', { callbackUrl: `${server.config.webOrigin}/auth/login?provider=twitter`, role: 'user' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      oauthToken: 'req-token', oauthTokenSecret: 'req-secret', url: `${apiUrl}/oauth/authenticate?oauth_token=req-token`,
    });
    expect((await post('/auth/twitter/login', {})).statusCode).toBe(200);
  });

  it('refuses a callback URL off the site', async () => {
    const res = await post('/auth/twitter/login', { callbackUrl: 'https://evil.example.com/steal' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('callbackUrl');
  });

  it('finishes with the verifier: a new account without username, then the same one again', async () => {
    const res = await finish({ remember: true });
    expect(res.statusCode).toBe(200);
    const user = await me(res.json().data.token);
    // Twitter's address is stored but not trusted as verified.
    expect(user).toMatchObject({ name: 'Tweety Bird', username: null, email: 'tweety@example.com', emailVerified: false, role: 'user' });
    const before = await userCount();
    expect((await me((await finish()).json().data.token))._id).toBe(user._id);
    expect(await userCount()).toBe(before);
    expect(seen).toEqual(expect.arrayContaining(['POST /oauth/access_token', 'GET /1.1/account/verify_credentials.json']));
  });

  it('does not attach to an existing account through the Twitter email, and leaves a taken email out', async () => {
    credentials = { id_str: '77', name: 'Other Bird', screen_name: 'other', email: 'tweety@example.com' };
    const res = await finish({ role: 'performer' });
    const user = await me(res.json().data.token);
    expect(user).toMatchObject({ role: 'performer', email: null, username: null, name: 'Other Bird' });
  });

  it('answers 401 for a wrong verifier and creates nothing', async () => {
    const before = await userCount();
    const res = await finish({ oauthVerifier: 'forged' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Twitter sign-in failed, please try again');
    expect(await userCount()).toBe(before);
    expect((await post('/auth/twitter/callback', { oauthToken: 'req-token' })).statusCode).toBe(400);
  });
});
