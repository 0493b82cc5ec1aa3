import { desc, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { registerFan, type TestAccount } from '../../support/accounts';
import { sessions } from '../../../src/server/db/schema';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(60_000);

const IP_LIMIT = /^Too many requests, please try again in \d+ seconds$/;

/** 24 wrong passwords for an unknown name (no per-account throttle), each with another forged X-Forwarded-For. */
async function guesses(server: TestServer, options: { remoteAddress?: string; forwarded: (i: number) => string }) {
  const statuses: number[] = [];
  for (let i = 0; i < 24; i++) {
    const res = await server.app.inject({
      method: 'POST', url: '/auth/login', payload: { username: 'no_such_person', password: `guess-${i}` },
      remoteAddress: options.remoteAddress, headers: { 'x-forwarded-for': options.forwarded(i) },
    });
    if (res.statusCode === 429) expect(res.json().message).toMatch(IP_LIMIT);
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY unset (the default): forwarded headers are ignored', () => {
  let server: TestServer;
  let fan: TestAccount;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_AUTH_MAX: '20', RATE_LIMIT_MAX: '30' });
    fan = await registerFan(server.app);
  });
  afterAll(() => server.close());

  it('trusts no proxy', () => {
    expect(server.config.trustProxy).toBe(false);
  });

  it('keys the sign-in limit on the socket address: a rotating X-Forwarded-For does not reset it', async () => {
    const statuses = await guesses(server, { forwarded: (i) => `203.0.113.${i + 1}` });
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(4).fill(429));
    // The right password from the same connection is refused too, whatever it forwards.
    const res = await server.app.inject({
      method: 'POST', url: '/auth/login', payload: { username: fan.username, password: fan.password }, headers: { 'x-forwarded-for': '203.0.113.250' },
    });
    expect(res.statusCode).toBe(429);
  });

  it('keys the global limit on the socket address too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const res = await server.app.inject({
        method: 'GET', url: '/auth/providers', remoteAddress: '192.0.2.7', headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual(Array(5).fill(429));
  });
});

describe('TRUST_PROXY=1: the address one proxy hop in front is believed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_AUTH_MAX: '20', TRUST_PROXY: '1' });
  });
  afterAll(() => server.close());

  it('counts each client the proxy reports separately', async () => {
    // The proxy (10.0.0.2) appends the real client; what the client wrote itself comes first.
    const statuses = await guesses(server, { remoteAddress: '10.0.0.2', forwarded: (i) => `6.6.6.6, 203.0.113.${i + 1}` });
    expect(statuses).toEqual(Array(24).fill(401));
  });

  it('ignores what the client wrote before the proxy\'s entry: forging the left-most address resets nothing', async () => {
    const statuses = await guesses(server, { remoteAddress: '10.0.0.2', forwarded: (i) => `198.51.100.${i + 1}, 203.0.113.200` });
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('records that client address on the session (request.ip)', async () => {
    const fan = await registerFan(server.app);
    const res = await server.app.inject({
      method: 'POST', url: '/auth/login', payload: { username: fan.username, password: fan.password },
      remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.77' },
    });
    expect(res.statusCode).toBe(200);
    const [session] = await server.app.db.select().from(sessions).where(eq(sessions.userId, fan.id)).orderBy(desc(sessions.createdAt)).limit(1);
    expect(session.ip).toBe('203.0.113.77');
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_AUTH_MAX: '20', TRUST_PROXY: '10.0.0.0/24, 192.0.2.1' });
  });
  afterAll(() => server.close());

  it('believes X-Forwarded-For only when the connection comes from a listed proxy', async () => {
    expect(await guesses(server, { remoteAddress: '10.0.0.9', forwarded: (i) => `203.0.113.${i + 1}` })).toEqual(Array(24).fill(401));
    const direct = await guesses(server, { remoteAddress: '192.0.2.99', forwarded: (i) => `203.0.113.${i + 1}` });
    expect(direct.filter((s) => s === 429)).toHaveLength(4);
  });
});
