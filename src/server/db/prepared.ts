import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * A hot query built once per database handle (or transaction) and sent as a named prepared
 * statement. Drizzle otherwise builds the SQL text, its parameter list and the driver's query
 * object on every call, and PostgreSQL parses and plans the text every time; prepared, the SQL is
 * built once per process, parsed once per connection and planned once its generic plan is known
 * to be as good (after five runs). Values change through `sql.placeholder(...)`; the statement's
 * shape must not, so a query whose shape varies gets one name per shape. On PGlite the name is
 * ignored and only the building is saved. Measured by scripts/bench/api.ts (README, API bench).
 */
export function preparedQuery<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const byHandle = new WeakMap<Executor, Query>();
  return (db) => {
    let query = byHandle.get(db);
    if (!query) {
      query = build(db);
      byHandle.set(db, query);
    }
    return query;
  };
}

const dialect = new PgDialect();

/**
 * A hand-written statement (a data-modifying CTE, which drizzle's builders cannot compose) prepared
 * under `name` like `preparedQuery`: its values are `sql.placeholder(...)`s filled per call, and it
 * answers the rows as the driver returns them (a `row_to_json` column is read back with
 * `jsonRowReader`). The SQL text is built once per process.
 */
export function preparedSql<Row extends Record<string, unknown>>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const byHandle = preparedQuery((db) => db._.session.prepareQuery(query, undefined, name, false));
  return async (db: Executor, values: Record<string, unknown>): Promise<Row[]> => {
    const result = (await byHandle(db).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
