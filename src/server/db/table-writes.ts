/**
 * What a statement this process is about to send writes, read from its SQL text (the statement
 * hook, db/client.ts `onStatement`): the in-process caches that the database's NOTIFYs keep fresh
 * (session-cache.ts, change-cache.ts) use it to drop what a write may touch before it runs, since
 * the NOTIFY reaches them only after the commit.
 */
export interface TableWrite {
  table: string;
  kind: 'insert' | 'update' | 'delete';
  /**
   * The written rows' keys are among the statement's parameters: an insert of parameter values (not
   * of a select), or an update or delete whose WHERE starts with `"table"."<key column>" = $n`, alone or
   * and-ed with the rest (drizzle's `eq`, `and(eq(…), …)`). Otherwise any row may be touched.
   */
  keyed: boolean;
}

const WRITE = /^\s*(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?[\s(]/i;
/** Rows given as parameters: `values ($1, …)` (an `insert … select`, or literal values, name no key). */
const INSERT_VALUES = /\svalues\s*\(.*?\$\d/is;

const keyedWhereCache = new Map<string, RegExp>();
function keyedWhere(table: string, columns: readonly string[]): RegExp {
  const id = `${table}:${columns.join(',')}`;
  let re = keyedWhereCache.get(id);
  if (!re) {
    re = new RegExp(`\\swhere \\(?"${table}"\\."(?:${columns.join('|')})" = \\$\\d+(?:\\)|$| and | returning )`, 'i');
    keyedWhereCache.set(id, re);
  }
  return re;
}

/** The write to one of `keyColumns`' tables that `statement` is, or null (a read, another table). */
export function tableWrite(statement: string, keyColumns: Readonly<Record<string, readonly string[]>>): TableWrite | null {
  const match = WRITE.exec(statement);
  if (!match) return null;
  const table = match[2].toLowerCase();
  const columns = keyColumns[table];
  if (!columns) return null;
  const verb = match[1].toLowerCase();
  if (verb.startsWith('insert')) return { table, kind: 'insert', keyed: INSERT_VALUES.test(statement) };
  return { table, kind: verb === 'update' ? 'update' : 'delete', keyed: keyedWhere(table, columns).test(statement) };
}
