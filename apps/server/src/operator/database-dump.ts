import type { DatabaseHandle, EmbeddedDatabaseHandle } from '../db/client';
import { eraseRemovedText } from '../modules/encryption/removed-text.service';

export const isEmbedded = (database: DatabaseHandle): database is EmbeddedDatabaseHandle =>
  database.kind === 'pglite' && 'dumpDataDir' in database;

/**
 * The embedded database's folder as a tar, copied by PGlite between two queries, so it is
 * consistent while the server goes on serving. Old versions of conversation text are erased
 * first, whether or not their job has run yet; its checkpoint also leaves little WAL to
 * replay when a restored copy starts.
 */
export async function dumpEmbeddedDatabase(database: EmbeddedDatabaseHandle): Promise<Uint8Array> {
  await eraseRemovedText(database.db);
  return database.dumpDataDir();
}
