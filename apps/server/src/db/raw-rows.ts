import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** The rows a raw query answers: both drivers answer it with `{ rows }`, as the driver read them. */
export async function rawRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/**
 * A row that a database function answered as JSON (`to_jsonb(row)`), read as a select of the
 * table would read it: each column from its database name, mapped by its own type.
 */
export function rowFromJson<T extends PgTable>(
  table: T,
  json: Record<string, unknown>,
): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
