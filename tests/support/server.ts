import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { loadTemplate } from './pglite-template';

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Registers extra (test-only) routes or hooks on the app before it is made ready. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
  /** Compile every route's schemas at boot (buildApp's `eagerSchemas`). */
  eagerSchemas?: boolean;
  /** Told about every SQL statement (buildApp's `onQuery`): tests that count a request's statements. */
  onQuery?: (sql: string) => void;
}

/**
 * Boots the whole API for one test file: in-memory PGlite by default; with TEST_DATABASE_URL a
 * fresh PostgreSQL database made for this file and dropped afterwards; with TEST_REDIS_URL, Redis
 * under a key prefix of its own. Files therefore never see each other's rows.
 */
export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-test-'));
  const suffix = crypto.randomBytes(5).toString('hex');
  let databaseUrl = 'memory://';
  let dropDatabase = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const name = `cp_test_${suffix}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    REDIS_PREFIX: `test-${suffix}`,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_AUTH_MAX: '100000',
    SEED_DEMO: 'false',
    ...env,
  });
  const pgliteTemplate = databaseUrl === 'memory://' ? loadTemplate() : undefined;
  // TEST_LOG=1 prints the app's errors (a 500's cause) to stdout.
  const logger = process.env.TEST_LOG ? { level: 'error' } : false;
  const app = await buildApp(config, { logger, pgliteTemplate, eagerSchemas: options.eagerSchemas, onQuery: options.onQuery });
  await options.setup?.(app);
  await app.ready();
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
