import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../support/server';
import { createUserWithToken } from '../../support/db';
import { corruptMp4 } from '../../support/media-fixtures';

jest.setTimeout(60_000);

const TOKEN = 'metrics-test-token-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('does not exist: 404 with or without a token, and it is not in the OpenAPI document', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await server.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    const doc = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(doc.json().paths['/metrics']).toBeUndefined();
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  let url: string;
  const sockets: Socket[] = [];
  const scrape = async () => {
    const res = await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res;
  };

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server.close();
  });

  it('answers 401 without the right bearer token, in the error format', async () => {
    const wrong = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
      { authorization: 'Bearer ' },
    ];
    for (const headers of wrong) {
      const res = await server.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({ statusCode: 401, message: 'Send Authorization: Bearer <METRICS_TOKEN>' });
    }
  });

  it('serves the text format with the HTTP, socket, queue, database and process metrics', async () => {
    const res = await scrape();
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    for (const name of [
      'http_requests_total', 'http_request_duration_seconds', 'socketio_connected_sockets', 'job_queue_jobs',
      'job_queue_failures_total', 'db_pool_connections',
      'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    for (const queue of ['media', 'data-exports', 'mass-messages']) {
      expect(sample(text, `job_queue_jobs{queue="${queue}",state="waiting"}`)).toBe(0);
      expect(sample(text, `job_queue_failures_total{queue="${queue}"}`)).toBe(0);
    }
    // The pool exists on PostgreSQL only (PGlite is one connection inside the process).
    if (process.env.TEST_DATABASE_URL) {
      expect(sample(text, 'db_pool_connections{state="max"}')).toBe(10);
      expect(sample(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('db_pool_connections{');
    }
    // No ledger check has run yet: no sample, not a made-up value.
    expect(text).not.toContain('ledger_check_');
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const name = `nobody-${Date.now()}`;
    for (let i = 0; i < 3; i++) await server.app.inject({ method: 'GET', url: `/performers/${name}-${i}` });
    await server.app.inject({ method: 'GET', url: '/healthz' });
    await server.app.inject({ method: 'GET', url: `/no/such/${name}` });
    const text = (await scrape()).body;
    expect(sample(text, 'http_requests_total{method="GET",route="/performers/:id",status="404"}')).toBe(3);
    expect(sample(text, 'http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/performers/:id",status="404"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz",status="200"}')).toBe(1);
    expect(text).not.toContain(name);
  });

  it('reports the open sockets of this instance', async () => {
    const fan = await createUserWithToken(server.app);
    const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: fan.token } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(sample((await scrape()).body, 'socketio_connected_sockets')).toBe(1);
    socket.close();
    for (let i = 0; i < 50 && sample((await scrape()).body, 'socketio_connected_sockets') !== 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(sample((await scrape()).body, 'socketio_connected_sockets')).toBe(0);
  });

  it('reports the last ledger check that an operator ran', async () => {
    const admin = await createUserWithToken(server.app, { role: 'admin' });
    const before = Date.now() / 1000;
    const run = await server.app.inject({ method: 'POST', url: '/admin/ledger-check', headers: { authorization: admin.token } });
    expect(run.statusCode).toBe(200);
    const text = (await scrape()).body;
    expect(sample(text, 'ledger_check_ok')).toBe(1);
    expect(sample(text, 'ledger_check_last_run_timestamp_seconds')).toBeGreaterThanOrEqual(Math.floor(before) - 1);
  });

  it('counts a media job that failed', async () => {
    const creator = await createUserWithToken(server.app, { role: 'performer' });
    const file = await server.app.media.ingestBuffer({ ownerId: creator.user.id, kinds: ['video'], purpose: 'video', buffer: corruptMp4(), filename: 'broken.mp4' });
    expect(file.status).toBe('pending');
    await server.app.media.whenIdle();
    const text = (await scrape()).body;
    expect(sample(text, 'job_queue_failures_total{queue="media"}')).toBe(1);
    expect(sample(text, 'job_queue_jobs{queue="media",state="active"}')).toBe(0);
  });
});
