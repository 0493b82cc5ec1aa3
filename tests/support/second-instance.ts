import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { TestServer } from './server';

/**
 * Another API instance on the test server's database (with TEST_DATABASE_URL: PostgreSQL), built
 * before the describe's tests and closed after them: what one instance changes reaches the other
 * only through the database and Redis. Call inside a describe; read the instance in the tests.
 */
export function secondInstance(server: () => TestServer): () => FastifyInstance {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await buildApp(server().config, { logger: false });
    await second.ready();
  });
  afterAll(() => second.close());
  return () => second;
}

/** Two instances share a database only on PostgreSQL (PGlite lives in one process). */
export const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/**
 * `read` again every 10 ms until `done` says yes or `ms` passed, then its last answer. Another
 * instance hears of a change when the database's notice reaches it, right after the commit over its
 * own connection: within milliseconds, not before the writer's answer.
 */
export async function soon<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 1000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
