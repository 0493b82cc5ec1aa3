import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from './bench-lib';
import { measureApiStart, type ApiRunner, type StartFigures } from '../lib/measure-start';

/**
 * API start-up time (spawn to the first answer of GET /healthz) and resident memory (ready, and
 * after 500 reads), for the compiled build `npm start` runs and for tsx (`npm run start:api`),
 * interleaved, median of ROUNDS. The database is already migrated (a restart, not a first install):
 * PGlite in a data directory, or with BENCH_DATABASE_URL a scratch PostgreSQL database as well.
 *   npx tsx scripts/bench/start.ts            ROUNDS=5 by default
 */
const rounds = Number(process.env.ROUNDS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function bench(label: string, env: Record<string, string>) {
  // The first start creates and migrates the database; it is not counted.
  await measureApiStart('compiled', env, 0);
  const runs: Record<ApiRunner, StartFigures[]> = { compiled: [], tsx: [] };
  for (let i = 0; i < rounds; i++) {
    for (const runner of ['tsx', 'compiled'] as const) runs[runner].push(await measureApiStart(runner, env));
  }
  for (const runner of ['tsx', 'compiled'] as const) {
    const r = runs[runner];
    console.log(
      `${label.padEnd(11)} ${runner.padEnd(9)} ${median(r.map((x) => x.readyMs)).toFixed(0).padStart(9)} ${median(r.map((x) => x.rssReadyMb)).toFixed(0).padStart(13)} ${median(r.map((x) => x.rssWarmMb)).toFixed(0).padStart(16)}`,
    );
  }
}

async function main() {
  console.log(`API start-up, median of ${rounds} rounds (${os.cpus().length} cores)\n`);
  console.log(`${'database'.padEnd(11)} ${'runner'.padEnd(9)} ${'ready ms'.padStart(9)} ${'RSS ready MB'.padStart(13)} ${'RSS 500 reqs MB'.padStart(16)}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-bench-start-'));
  try {
    await bench('PGlite', { DATA_DIR: dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_DATABASE_URL) {
    const scratch = await scratchDatabase();
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-bench-start-'));
    try {
      await bench('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: scratch.url });
    } finally {
      await scratch.drop();
      fs.rmSync(pgDir, { recursive: true, force: true });
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
