import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { logDestination } from '../../../src/server/lib/log-destination';

/** The API's log lines are written in batches (lib/log-destination.ts), yet none waits more than a second. */
describe('the log destination', () => {
  let dir: string;
  beforeEach(async () => { dir = await fs.mkdtemp(path.join(os.tmpdir(), 'log-destination-')); });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  const lines = async (file: string) => (await fs.readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  const open = async (file: string) => {
    const destination = logDestination(file);
    await destination.ready();
    return destination;
  };

  it('holds a few lines back, and writes them within a second', async () => {
    const file = path.join(dir, 'api.log');
    const destination = await open(file);
    const log = pino({}, destination.stream);
    log.info('first');
    log.info('second');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lines(file)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await lines(file)).map((line) => JSON.parse(line).msg)).toEqual(['first', 'second']);
    destination.close();
  });

  it('writes as soon as a batch is full, without waiting for the second', async () => {
    const file = path.join(dir, 'api.log');
    const destination = await open(file);
    const log = pino({}, destination.stream);
    for (let i = 0; i < 100; i++) log.info({ i }, 'a line of the access log, about as long as the real ones are');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await lines(file)).length).toBeGreaterThan(50);
    destination.close();
  });

  it('writes what waits when it closes', async () => {
    const file = path.join(dir, 'api.log');
    const destination = await open(file);
    const log = pino({}, destination.stream);
    log.info('last words');
    destination.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await lines(file)).map((line) => JSON.parse(line).msg)).toEqual(['last words']);
  });

  it('writes what waits when the process exits', async () => {
    const file = path.join(dir, 'api.log');
    const script = `const pino = require('pino'); const { logDestination } = require(${JSON.stringify(require.resolve('../../../src/server/lib/log-destination'))});
      const destination = logDestination(${JSON.stringify(file)});
      destination.ready().then(() => { pino({}, destination.stream).info('before exit'); process.exit(0); });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: 'inherit' });
    expect((await once(child, 'exit'))[0]).toBe(0);
    expect((await lines(file)).map((line) => JSON.parse(line).msg)).toEqual(['before exit']);
  });

  it('writes what waits when the process ends by running out of work, and exits cleanly', async () => {
    const file = path.join(dir, 'api.log');
    const script = `const pino = require('pino'); const { logDestination } = require(${JSON.stringify(require.resolve('../../../src/server/lib/log-destination'))});
      const destination = logDestination(${JSON.stringify(file)});
      destination.ready().then(() => { const log = pino({}, destination.stream); for (let i = 0; i < 300; i++) log.info({ i }, 'a line of the access log, about as long as the real ones are'); });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    expect((await once(child, 'exit'))[0]).toBe(0);
    expect(stderr).toBe('');
    // Some batches were on their way when the loop ran dry, the rest still waited here.
    expect((await lines(file)).map((line) => JSON.parse(line).i)).toEqual(Array.from({ length: 300 }, (_, i) => i));
  });
});
