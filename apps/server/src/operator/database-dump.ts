import { sql } from 'drizzle-orm';
import type { DatabaseHandle, EmbeddedDatabaseHandle } from '../db/client';

export const isEmbedded = (database: DatabaseHandle): database is EmbeddedDatabaseHandle =>
  database.kind === 'pglite' && 'dumpDataDir' in database;

/**
 * The embedded database's folder as a tar, copied by PGlite between two queries, so it is
 * consistent while the server goes on serving. The checkpoint first leaves little WAL to
 * replay when a restored copy starts.
 */
export async function dumpEmbeddedDatabase(database: EmbeddedDatabaseHandle): Promise<Uint8Array> {
  await database.db.execute(sql`CHECKPOINT`);
  return database.dumpDataDir();
}
