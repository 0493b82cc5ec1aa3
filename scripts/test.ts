import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildWebIfStale } from './lib/build';
import { bin, root } from './lib/processes';

/**
 * `npm test`: client and server tests, then a production web build when stale, then the browser
 * tests against real processes. A missing browser fails the browser tests; nothing is skipped.
 * Extra arguments go to every jest run (e.g. `npm test -- --silent`).
 */
const extra = process.argv.slice(2);
const totals = { passed: 0, failed: 0 };
const fileTimes: { file: string; seconds: number }[] = [];

/** The slowest test files of the run, so CI's time budget (30 min) can be watched from its log. */
function printSlowest(count = 12) {
  const slowest = [...fileTimes].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  console.log(`\nSlowest test files:\n${slowest.map((t) => `${t.seconds.toFixed(1).padStart(7)} s  ${t.file}`).join('\n')}`);
}

function jest(projects: string[], args: string[] = []): boolean {
  const out = path.join(os.tmpdir(), `jest-${process.pid}-${projects.join('-')}.json`);
  const result = spawnSync(
    bin('jest'),
    ['--selectProjects', ...projects, '--json', `--outputFile=${out}`, ...args, ...extra],
    { cwd: root, stdio: 'inherit' },
  );
  if (fs.existsSync(out)) {
    const summary = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests + summary.numRuntimeErrorTestSuites;
    for (const r of summary.testResults as { name: string; startTime: number; endTime: number }[]) {
      fileTimes.push({ file: path.relative(root, r.name), seconds: (r.endTime - r.startTime) / 1000 });
    }
    fs.rmSync(out);
  } else {
    totals.failed += 1;
  }
  return result.status === 0;
}

// Jest's default is one worker per core minus one: on a 2-core machine that is a single worker
// while the other core idles. The client and server tests are CPU-bound, so use every core.
const workers = `--maxWorkers=${Math.max(2, os.availableParallelism())}`;
// One run per project: in a shared run the server files landed in workers whose heap the jsdom
// files had grown to 1.5 GB, and garbage collection made them 2-3 times slower (client and server
// together took 26 min, one after the other 15; jest.config.ts workerIdleMemoryLimit).
let ok = jest(['server'], [workers]);
ok = jest(['client'], [workers]) && ok;
buildWebIfStale();
ok = jest(['e2e'], ['--runInBand']) && ok;
printSlowest();
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok ? 0 : 1);
