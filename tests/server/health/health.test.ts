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
