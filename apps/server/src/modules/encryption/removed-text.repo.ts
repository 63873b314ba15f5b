import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Writes each table anew, which truncates its old files at once. */
export async function vacuumFull(options: { db: Database; tables: readonly string[] }) {
  for (const table of options.tables) {
    await options.db.execute(sql.raw(`VACUUM FULL ${table}`));
  }
}

/** Switches to a new WAL segment and checkpoints past the old ones. */
export async function checkpointPastWal(options: { db: Database }): Promise<void> {
  await options.db.execute(sql`select pg_switch_wal()`);
  await options.db.execute(sql`CHECKPOINT`);
}
