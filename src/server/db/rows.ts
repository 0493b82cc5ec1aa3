/** A row of a raw statement (`db.execute(sql`...`)`), by column name. */
export type RawRow = Record<string, unknown>;

/**
 * The rows of `db.execute(...)`: node-postgres answers a result object with `rows`, a driver that
 * answers the array itself is taken as is.
 */
export const rowsOf = (result: unknown): RawRow[] => (Array.isArray(result) ? result : (result as { rows: RawRow[] }).rows);
