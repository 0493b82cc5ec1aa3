import { startTestServer, type TestServer } from '../../support/server';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(30_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_AUTH_MAX: '3' });
});
afterAll(() => server.close());

it('limits sign-in attempts per minute and says when to retry', async () => {
  const attempt = () => server.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'someone', password: 'guess-123' } });
  for (let i = 0; i < 3; i++) {
    const res = await attempt();
    expect(res.statusCode).toBe(401);
    // The counters are told with a refusal only.
    expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
  }
  const limited = await attempt();
  expect(limited.statusCode).toBe(429);
  expect(limited.json().message).toMatch(/^Too many requests, please try again in \d+ seconds$/);
  expect(limited.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0' });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  // Other routes keep the generous global limit.
  expect((await server.app.inject({ method: 'GET', url: '/auth/providers' })).statusCode).toBe(200);
});
