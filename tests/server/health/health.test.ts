import { startTestServer, type TestServer } from '../../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('health', () => {
  it('answers healthz and readyz with the envelope and a request id', async () => {
    const live = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ data: { status: 'ok' } });
    expect(live.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json().data.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('answers unknown routes with the error format', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET /no/such/route not found' });
  });

  /** helmet's headers for HTML documents: only the API's pages (/docs) carry them. */
  const documentOnly = {
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  const expected = {
    'cross-origin-resource-policy': 'cross-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
  };

  it('sends the security headers and a request id on answers, refusals and errors alike', async () => {
    const answers = await Promise.all([
      server.app.inject({ method: 'GET', url: '/settings/public' }),
      server.app.inject({ method: 'GET', url: '/no/such/route' }),
      server.app.inject({ method: 'GET', url: '/users/me' }),
      server.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'a\u0000b', password: 'x' } }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 401, 400]);
    for (const res of answers) {
      expect(res.headers).toMatchObject(expected);
      for (const name of Object.keys(documentOnly)) expect(res.headers[name]).toBeUndefined();
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(new Set(answers.map((res) => res.headers['x-request-id'])).size).toBe(answers.length);
  });

  it('sends the document headers too on its HTML pages (/docs)', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers).toMatchObject({ ...expected, ...documentOnly });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/readyz']).toBeDefined();
  });

  it('answers readyz with 503 once the database is gone', async () => {
    const other = await startTestServer();
    await other.app.dbHandle.close();
    const res = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Database unreachable');
    await other.app.close().catch(() => undefined);
    await other.close().catch(() => undefined);
  });
});
