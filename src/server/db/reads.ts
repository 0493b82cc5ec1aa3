import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

type Thunks<T extends readonly unknown[]> = { [K in keyof T]: () => PromiseLike<T[K]> };

/**
 * Several reads through one executor: at once on the database (each takes a connection of the
 * pool), one after the other in a transaction, whose one connection runs one query at a time.
 * `Promise.all` over a transaction made pg queue them itself, with a warning that pg 9 refuses it.
 * The reads are functions so that none starts before its turn.
 */
export async function readAll<T extends readonly unknown[]>(db: Executor, ...reads: Thunks<T>): Promise<T> {
  if (!is(db, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
