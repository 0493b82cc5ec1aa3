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
    fs.rmSync(out);
  } else {
    totals.failed += 1;
  }
  return result.status === 0;
}

// Jest's default is one worker per core minus one: on a 2-core machine that is a single worker
// while the other core idles. The client and server tests are CPU-bound, so use every core.
const workers = `--maxWorkers=${Math.max(2, os.availableParallelism())}`;
let ok = jest(['client', 'server'], [workers]);
buildWebIfStale();
ok = jest(['e2e'], ['--runInBand']) && ok;
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok ? 0 : 1);
