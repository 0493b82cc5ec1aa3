import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { metricsRoutes } from '../../common/contract/metrics';
import { poolStats } from '../db/pool-stats';
import type { JobQueue } from '../jobs/job-queue';
import { HttpError } from '../lib/http-error';
import { addRoute } from '../lib/route';
import { createAdminStatsService } from '../modules/admin-stats/admin-stats.service';

/** What the rest of the API tells the metrics; both do nothing when metrics are off. */
export interface Metrics {
  /** Reports a job queue's depths at /metrics. */
  watchQueue(queue: JobQueue): void;
  /** Counts a failed job of a queue on this instance. */
  jobFailed(queue: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Request latency buckets in seconds: most reads answer in milliseconds, uploads and exports take seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The route label of a request no route matched (404s, probes): one value, whatever the path. */
export const UNMATCHED_ROUTE = 'unmatched';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/** Compares the bearer token in constant time (both sides hashed first, so their lengths leak nothing either). */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return crypto.timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
}

/**
 * Prometheus metrics of this API instance at `GET /metrics` (prom-client), only when METRICS_TOKEN
 * is set: otherwise no hook runs, no route exists (404) and `watchQueue` does nothing. Each app has
 * its own registry (tests boot several apps in one process). Collected per request: a counter and a
 * latency histogram by method, route pattern (never the raw URL: bounded label values) and status.
 * Read at each scrape: the PostgreSQL pool (PGlite has no pool: omitted), socket.io connections,
 * the job queues' depths and failures, the last ledger check (from the database, so every
 * instance reports the same run), and prom-client's process metrics (memory, CPU, event loop lag, GC).
 */
export default fp(async function metrics(app: FastifyInstance) {
  const token = app.config.metricsToken;
  if (!token) {
    app.decorate('metrics', { watchQueue: () => undefined, jobFailed: () => undefined } satisfies Metrics);
    return;
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds', help: 'Time from receiving a request to its answer, by method, route pattern and status',
    labelNames, buckets: LATENCY_BUCKETS, registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const pool = new Gauge({
    name: 'db_pool_connections', help: 'PostgreSQL pool: max (ceiling), total (open), idle, waiting (queries queued for a connection)',
    labelNames: ['state'], registers: [registry],
  });
  const sockets = new Gauge({ name: 'socketio_connected_sockets', help: 'Signed-in socket.io connections open on this instance', registers: [registry] });
  const queueJobs = new Gauge({
    name: 'job_queue_jobs', help: 'Jobs waiting, active and delayed (for a retry) per queue; with Redis, of the queue all instances share',
    labelNames: ['queue', 'state'], registers: [registry],
  });
  const queueFailures = new Counter({
    name: 'job_queue_failures_total', help: 'Job runs that failed on this instance since it started, per queue (media: a file that could not be processed too)',
    labelNames: ['queue'], registers: [registry],
  });
  // Registered once a check has run: before that the series are absent rather than a made-up 0 (a breach).
  const ledgerOk = new Gauge({
    name: 'ledger_check_ok', help: 'The last ledger check (POST /admin/ledger-check): 1 = every invariant held, 0 = breaches; absent before the first run',
    registers: [],
  });
  const ledgerCheckedAt = new Gauge({ name: 'ledger_check_last_run_timestamp_seconds', help: 'When the last ledger check ran (Unix time)', registers: [] });
  const adminStats = createAdminStatsService(app);
  const queues: JobQueue[] = [];
  app.decorate('metrics', {
    watchQueue(queue) {
      queues.push(queue);
      // Shown as 0 from the start, so a rate over it works before the first failure.
      queueFailures.inc({ queue: queue.name }, 0);
    },
    jobFailed: (queue) => queueFailures.inc({ queue }),
  } satisfies Metrics);

  /** The figures read at scrape time: a few counters in memory, one Redis call per BullMQ queue, one query. */
  async function readNow() {
    pool.reset();
    for (const [state, value] of Object.entries(poolStats(app.db) ?? {})) pool.set({ state }, value);
    sockets.set(app.io.of('/').sockets.size);
    // A store that does not answer leaves its figures out of this scrape; the rest is still served.
    for (const queue of queues) {
      const stats = await queue.stats().catch((err) => void app.log.warn({ err, queue: queue.name }, 'metrics: queue unreadable'));
      if (!stats) continue;
      for (const state of ['waiting', 'active', 'delayed'] as const) queueJobs.set({ queue: queue.name, state }, stats[state]);
    }
    const run = await adminStats.lastLedgerCheck().catch((err) => void app.log.warn({ err }, 'metrics: last ledger check unreadable'));
    for (const name of ['ledger_check_ok', 'ledger_check_last_run_timestamp_seconds']) registry.removeSingleMetric(name);
    if (run) {
      ledgerOk.set(run.ok ? 1 : 0);
      ledgerCheckedAt.set(Date.parse(run.checkedAt) / 1000);
      for (const gauge of [ledgerOk, ledgerCheckedAt]) registry.registerMetric(gauge);
    }
  }

  const expected = digest(token);
  addRoute(app, metricsRoutes.scrape, async (request, reply) => {
    if (!bearerMatches(request, expected)) {
      throw new HttpError(401, 'Send Authorization: Bearer <METRICS_TOKEN>', undefined, undefined, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    await readNow();
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}, { name: 'metrics', dependencies: ['db'] });
