import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { keepPglitePlans } from './pglite-plans';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a repository receives: the database or an open transaction. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a snapshot of the whole database, a gzipped tar unless `compression` is 'none'. */
  dump?: (compression?: 'gzip' | 'none') => Promise<Blob>;
  /** Calls `listener` with every statement the app sends, before it runs (rolled back or not); call the answer to stop. */
  onStatement(listener: StatementListener): () => void;
  /**
   * LISTEN on a channel: `onMessage` gets each NOTIFY payload (sent at commit, never for a rolled-back
   * transaction); `onState` says whether the feed is connected (on PostgreSQL a dedicated connection,
   * re-opened after a loss: messages sent while it was down are lost, so a listener must assume
   * anything changed). Resolves once listening (or after the first failed try); call the answer to stop.
   */
  listen(channel: string, onMessage: (payload: string) => void, onState: (connected: boolean) => void): Promise<() => Promise<void>>;
}

export type StatementListener = (sql: string, params: unknown[]) => void;

const migrationsFolder = path.join(__dirname, 'migrations');

/**
 * PostgreSQL when `databaseUrl` is a postgres URL, otherwise PGlite: `memory://` keeps it in
 * memory (tests), anything else stores it in `DATA_DIR/db`. Migrations run before it is returned.
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string;
  /** An in-memory PGlite snapshot (dumpDataDir) to start from; tests use one to skip initdb. */
  pgliteTemplate?: Blob;
  /** Told about errors of idle PostgreSQL connections (logged by the db plugin). */
  onIdleError?: (err: Error) => void;
  /** Told about every SQL statement the app sends (benchmarks and tests count them per request). */
  onQuery?: (sql: string) => void;
  /**
   * PGlite: fail a query made beside an open transaction from inside its callback (guardTransactions).
   * On unless told otherwise; the API turns it off in production, where the AsyncLocalStorage it
   * needs would cost every promise of every request (tests and development keep it).
   */
  guardTransactions?: boolean;
}): Promise<DatabaseHandle> {
  const statementListeners = new Set<StatementListener>();
  if (opts.onQuery) statementListeners.add((text) => opts.onQuery!(text));
  const logger = { logQuery: (text: string, params: unknown[]) => statementListeners.forEach((l) => l(text, params)) };
  const onStatement = (listener: StatementListener) => {
    statementListeners.add(listener);
    return () => void statementListeners.delete(listener);
  };
  if (opts.databaseUrl && /^postgres(ql)?:/.test(opts.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client's error (server restart, database dropped) must not crash the process: the
    // pool discards that client and the next query opens a new one. readyz reports the outage.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Database;
    await migratePg(db as never, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
      onStatement,
      listen: (channel, onMessage, onState) => listenPostgres(opts.databaseUrl!, channel, onMessage, onState, opts.onIdleError),
    };
  }
  let dir: string | undefined;
  // Any `memory:` URL (the config trims `memory://` to `memory:/`) keeps the database in memory.
  if (!opts.databaseUrl?.startsWith('memory:')) {
    dir = path.join(opts.dataDir, 'db');
    // PGlite does not create parent folders.
    await fs.mkdir(dir, { recursive: true });
  }
  const client = opts.pgliteTemplate && !dir ? new PGlite({ loadDataDir: opts.pgliteTemplate }) : new PGlite(dir);
  if (opts.guardTransactions !== false) guardTransactions(client);
  keepPglitePlans(client);
  const db = drizzlePglite(client, { schema, logger }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
    dump: (compression = 'gzip') => client.dumpDataDir(compression),
    onStatement,
    // One process holds the database: its notifications arrive as the committing query returns.
    listen: async (channel, onMessage, onState) => {
      const stop = await client.listen(channel, onMessage);
      onState(true);
      return async () => {
        onState(false);
        if (!client.closed) await stop();
      };
    },
  };
}

const RELISTEN_MS = 1000;

/** A dedicated connection LISTENing on `channel`, re-opened a second after it is lost. */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (connected: boolean) => void,
  onError?: (err: Error) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    onState(false);
    if (!stopped) retry = setTimeout(() => void open(), RELISTEN_MS);
  };
  async function open() {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (m) => {
      if (m.channel === channel) onMessage(m.payload ?? '');
    });
    client.on('error', (err) => {
      onError?.(err);
      lost(client);
      client.end().catch(() => {});
    });
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (stopped) return void (await client.end());
      current = client;
      onState(true);
    } catch (err) {
      onError?.(err as Error);
      client.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void open(), RELISTEN_MS);
    }
  }
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    onState(false);
    await client?.end();
  };
}

export const QUERY_INSIDE_TRANSACTION =
  'A query on the database while this request holds an open transaction: PGlite has one connection, so it would wait for ' +
  'that transaction forever. Run it on the transaction (tx), or before or after it.';

/**
 * PGlite has a single connection: while a transaction is open, a query on the database itself
 * (not on the transaction) waits for the transaction to end. Issued from inside the transaction's
 * own callback (a settings read with a cold cache, a helper handed `app.db`), it waits forever and
 * the request hangs. PostgreSQL would run it on another connection, so such code looks fine there.
 * This makes that mistake fail at once, with a message, on PGlite: queries issued from within a
 * still-open transaction's callback, and not through the transaction, throw. Work the callback
 * only starts (a queued job) runs after the transaction closes and is unaffected. A check for tests
 * and development: the production API opens PGlite without it (openDatabase `guardTransactions`).
 */
function guardTransactions(client: PGlite) {
  const scope = new AsyncLocalStorage<{ open: boolean }>();
  const transaction = client.transaction.bind(client);
  client.transaction = (async (callback: Parameters<PGlite['transaction']>[0]) => {
    const state = { open: true };
    try {
      return await scope.run(state, () => transaction(callback));
    } finally {
      state.open = false;
    }
  }) as PGlite['transaction'];
  for (const method of ['query', 'exec'] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      if (scope.getStore()?.open) return Promise.reject(new Error(QUERY_INSIDE_TRANSACTION));
      return original(...args);
    };
  }
}
