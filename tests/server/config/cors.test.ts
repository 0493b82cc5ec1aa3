import { startTestServer, type TestServer } from '../../support/server';

jest.setTimeout(60_000);

/** A preflight and a real request from a browser page at `origin`; null = the browser refuses. */
async function allowedFor(server: TestServer, origin: string): Promise<string | null> {
  const preflight = await server.app.inject({
    method: 'OPTIONS',
    url: '/auth/login',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
  });
  const get = await server.app.inject({ method: 'GET', url: '/settings/public', headers: { origin } });
  expect(get.statusCode).toBe(200);
  const a = preflight.headers['access-control-allow-origin'] ?? null;
  const b = get.headers['access-control-allow-origin'] ?? null;
  expect(a).toBe(b);
  return a as string | null;
}

describe('CORS on the default configuration', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server.close(); });

  it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])('accepts a page opened at %s', async (origin) => {
    expect(await allowedFor(server, origin)).toBe(origin);
  });

  it.each(['http://localhost:3001', 'https://localhost:3000', 'http://evil.example'])('refuses %s', async (origin) => {
    expect(await allowedFor(server, origin)).toBeNull();
  });
});

describe('CORS headers', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server.close(); });

  it('are not sent to a request without an Origin (no browser page asked), which still varies by Origin', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/settings/public' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toBe('Origin');
    for (const name of ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers']) {
      expect(res.headers[name]).toBeUndefined();
    }
    const page = await server.app.inject({ method: 'GET', url: '/settings/public', headers: { origin: 'http://localhost:3000' } });
    expect(page.headers).toMatchObject({
      vary: 'Origin', 'access-control-allow-credentials': 'true', 'access-control-expose-headers': 'x-request-id',
    });
  });
});

describe('CORS with a production WEB_ORIGIN', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ WEB_ORIGIN: 'https://fans.example.com' }); });
  afterAll(async () => { await server.close(); });

  it('accepts only that origin', async () => {
    expect(await allowedFor(server, 'https://fans.example.com')).toBe('https://fans.example.com');
    expect(await allowedFor(server, 'http://localhost:3000')).toBeNull();
    expect(await allowedFor(server, 'http://127.0.0.1:3000')).toBeNull();
  });
});
