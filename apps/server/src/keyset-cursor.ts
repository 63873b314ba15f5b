import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './errors';

/**
 * Where a keyset page continues: the last row's timestamp and id. Lists ordered by a
 * timestamp then the id (conversations, an organization's members and invitations) share it.
 */
export interface TimeKey {
  /** The timestamp in microseconds as PostgreSQL keeps it ('…T12:00:00.123456Z'). */
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MICRO_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * A timestamptz column as a key's `at`: microseconds, which a JavaScript Date would round
 * to milliseconds, so that rows a microsecond apart are neither skipped nor repeated.
 */
export function timeKeyOf(column: PgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Opaque to the client: base64url of "<timestamp in microseconds>|<id>". */
function encodeCursor(key: TimeKey): string {
  return Buffer.from(`${key.at}|${key.id}`).toString('base64url');
}

/** The key of a cursor from `encodeCursor`; anything else is a 400 on `cursor`. */
export function decodeCursor(cursor: string): TimeKey {
  const [at = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at);
  // The round trip rejects dates such as February 30 before PostgreSQL would fail on them.
  const isRealDate =
    MICRO_ISO.test(at) &&
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 23) === at.slice(0, 23);
  if (!isRealDate || !UUID.test(id) || rest.length > 0) {
    throw new AppError('validation_error', 400, 'invalid cursor', { cursor: ['invalid'] });
  }
  return { at, id };
}

/** A page of `limit` rows from a query asked for `limit + 1`: the extra row says there is more. */
export function keysetPage<Row extends { key: string; id: string }, Item>(
  rows: Row[],
  limit: number,
  present: (row: Row) => Item,
): { items: Item[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(present),
    next_cursor: rows.length > limit && last ? encodeCursor({ at: last.key, id: last.id }) : null,
  };
}
