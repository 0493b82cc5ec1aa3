import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * Reads rows PostgreSQL nested as JSON (`row_to_json(t)`: keys are column names) into the rows
 * drizzle answers for the table: property names, and values through each column's own mapping
 * (a timestamp becomes a Date as in a plain select). Lets one statement carry a page's related
 * rows instead of a statement per table.
 */
export function jsonRowReader<T extends Table>(table: T): (json: Record<string, unknown>) => InferSelectModel<T> {
  const columns = Object.entries(getTableColumns(table));
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = json[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  };
}
