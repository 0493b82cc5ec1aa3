import pg from 'pg';
import type { Database } from './client';

export interface PoolStats {
  /** The pool's ceiling. */
  max: number;
  /** Connections open now, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection (the pool is exhausted while this is above 0). */
  waiting: number;
}

/**
 * The PostgreSQL connection pool behind the database, now; null on PGlite, which has a single
 * connection inside the process and no pool to report.
 */
export function poolStats(db: Database): PoolStats | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  return { max: client.options.max ?? 10, total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
}
