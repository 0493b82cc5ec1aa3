import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';

/**
 * In-memory PGlite by default; with BENCH_DATABASE_URL a database created on that server for the
 * run (dropped by `drop`).
 */
export async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) return { url: 'memory://', drop: async () => {} };
  const name = `cp_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Times each GET through the real app (inject) and prints p50, p95 and max; the first 3 calls warm up. */
export async function timeCalls(
  app: FastifyInstance,
  cases: [label: string, url: string, headers?: Record<string, string>][],
  runs: number,
): Promise<{ label: string; p50: number }[]> {
  const results: { label: string; p50: number }[] = [];
  const width = Math.max(40, ...cases.map(([label]) => label.length + 2));
  console.log(`\n${'call'.padEnd(width)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
  for (const [label, url, headers] of cases) {
    const times: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const start = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url, headers });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      if (i >= 3) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    console.log(`${label.padEnd(width)} ${at(0.5).padStart(8)} ${at(0.95).padStart(8)} ${times[times.length - 1].toFixed(1).padStart(8)}`);
    results.push({ label, p50: Number(at(0.5)) });
  }
  const mem = process.memoryUsage();
  console.log(`\nprocess memory: rss ${(mem.rss / 2 ** 20).toFixed(0)} MB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MB`);
  return results;
}
