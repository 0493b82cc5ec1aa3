import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite keeps the plans of the reads it is sent again and again, as PostgreSQL does for our named
 * prepared statements (db/prepared.ts). PGlite's driver sends every statement unnamed, so its
 * backend parsed and planned each one on every call: the timeline's page took 3.6 ms sent plain
 * and 1.7 ms through EXECUTE (timed in-process on the demo data; README "API bench", fifth round).
 *
 * A read (`select`/`with`) sent `REPEATS_BEFORE_PREPARE` times is PREPAREd under a name of its own
 * and then run as `EXECUTE name('value', …)`. Its values go as quoted literals, which PostgreSQL
 * reads through the parameter's type exactly as it reads a text-format parameter; a statement with
 * any value that is not a string, number, boolean, date, null or a flat array of those runs as
 * before. PREPARE is not transactional (a rollback keeps it), and a statement PostgreSQL cannot
 * prepare (a parameter of no known type) runs as before from then on. Queries inside a transaction
 * go through the transaction's own handle and are not touched.
 */
const REPEATS_BEFORE_PREPARE = 2;
/** Prepared statements kept at most (each holds its plan in the one backend's memory). */
const MAX_PREPARED = 500;
/** Distinct texts counted at most; past it the count starts over (texts with values inlined never repeat). */
const MAX_COUNTED = 5_000;
const READ = /^\s*(select|with)\b/i;
/** in_failed_sql_transaction: PREPARE failed because of the transaction, not the statement. */
const IN_FAILED_TRANSACTION = '25P02';
/** invalid_sql_statement_name: the prepared statement is gone. */
const NO_SUCH_STATEMENT = '26000';

type Query = PGlite['query'];

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
/** An array element as PostgreSQL's array literal writes it: always double-quoted, `"` and `\` escaped. */
const arrayElement = (value: unknown) => (value === null ? 'NULL' : `"${String(value).replace(/[\\"]/g, (c) => `\\${c}`)}"`);

function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  return null;
}

/** The value as a literal EXECUTE can take, or undefined when it is not one this can write safely. */
export function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) {
    const elements: string[] = [];
    for (const element of value) {
      if (element === null) elements.push('NULL');
      else {
        const text = scalar(element);
        if (text === null) return undefined;
        elements.push(arrayElement(text));
      }
    }
    return quote(`{${elements.join(',')}}`);
  }
  const text = scalar(value);
  return text === null ? undefined : quote(text);
}

export function keepPglitePlans(client: PGlite): void {
  const original = client.query.bind(client) as Query;
  const counts = new Map<string, number>();
  const names = new Map<string, string>();
  const refused = new Set<string>();
  let made = 0;

  async function prepare(text: string): Promise<string | null> {
    made += 1;
    const name = `pglite_plan_${made}`;
    try {
      await original(`prepare ${name} as ${text}`);
    } catch (err) {
      if ((err as { code?: string }).code !== IN_FAILED_TRANSACTION) refused.add(text);
      return null;
    }
    names.set(text, name);
    return name;
  }

  const query = (async (text: string, params?: unknown[], options?: Parameters<Query>[2]) => {
    if (typeof text !== 'string' || refused.has(text) || !READ.test(text)) return original(text, params, options);
    const literals = (params ?? []).map(literalOf);
    if (literals.some((l) => l === undefined)) return original(text, params, options);
    let name = names.get(text);
    if (!name) {
      const seen = (counts.get(text) ?? 0) + 1;
      if (counts.size >= MAX_COUNTED) counts.clear();
      counts.set(text, seen);
      if (seen < REPEATS_BEFORE_PREPARE || names.size >= MAX_PREPARED) return original(text, params, options);
      name = (await prepare(text)) ?? undefined;
      if (!name) return original(text, params, options);
    }
    try {
      return await original(literals.length ? `execute ${name}(${literals.join(',')})` : `execute ${name}`, [], options);
    } catch (err) {
      if ((err as { code?: string }).code !== NO_SUCH_STATEMENT) throw err;
      names.delete(text);
      return original(text, params, options);
    }
  }) as Query;
  client.query = query;
}
