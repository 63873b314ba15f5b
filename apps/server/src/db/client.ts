import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PGLITE_FOLDER } from '../paths';
import { startEmbeddedDatabase, type EmbeddedSource } from './embedded-database';
import * as schema from './schema';

type Schema = typeof schema;
/** The one database type modules see, whether PGlite or PostgreSQL is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** The connection pool now: open connections, those idle, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface EmbeddedDatabaseHandle extends DatabaseHandle {
  kind: 'pglite';
  /** The whole database as a tar file, which `{ dump }` opens again (test templates). */
  dumpDataDir(): Promise<Uint8Array>;
}

export function wrapPostgres(pool: pg.Pool): DatabaseHandle {
  // An idle client's error must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db: Database = drizzle(pool, { schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => (closing ??= pool.end()),
  };
}

/** PGlite in a thread of its own, spoken to as PostgreSQL (see embedded-database.ts). */
export async function openEmbeddedDatabase(
  source: EmbeddedSource,
  options: Parameters<typeof startEmbeddedDatabase>[1] = {},
): Promise<EmbeddedDatabaseHandle> {
  const embedded = await startEmbeddedDatabase(source, options);
  const handle = wrapPostgres(embedded.pool);
  let closing: Promise<void> | undefined;
  return {
    ...handle,
    kind: 'pglite',
    dumpDataDir: embedded.dumpDataDir,
    close: () => (closing ??= handle.close().finally(embedded.stop)),
  };
}

/** PostgreSQL when a URL is given, otherwise the embedded PGlite under the data folder. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  /** The embedded database's thread has ended: nothing more can be stored. */
  onFailure?: (error: Error) => void;
  /** The embedded database's thread on that folder, when it was started already. */
  databaseThread?: Promise<Worker>;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return wrapPostgres(new pg.Pool({ connectionString: options.databaseUrl, max: 10 }));
  }
  return openEmbeddedDatabase(
    { dataDir: join(options.dataDir, PGLITE_FOLDER) },
    { onFailure: options.onFailure, thread: options.databaseThread },
  );
}
