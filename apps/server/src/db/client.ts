import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type modules see, whether PGlite or PostgreSQL is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function wrapPostgres(pool: pg.Pool): DatabaseHandle {
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => (closing ??= pool.end()),
  };
}

export const PGLITE_FOLDER = 'pglite';

/**
 * PGlite's own start parameters plus a smaller buffer cache: its 128 MB default lives in the
 * server process, and 16 MB holds a single machine's working set.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** PostgreSQL when a URL is given, otherwise the embedded PGlite under the data folder. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client's error must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    return wrapPostgres(pool);
  }
  const folder = join(options.dataDir, PGLITE_FOLDER);
  await mkdir(folder, { recursive: true });
  return wrapPglite(await PGlite.create({ dataDir: folder, startParams: PGLITE_START_PARAMS }));
}
