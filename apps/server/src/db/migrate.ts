import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { MIGRATIONS_DIR } from '../paths';
import type { DatabaseHandle } from './client';

// Any constant works: it only has to be the same for every instance of the app.
const MIGRATION_LOCK = 7_461_011;

/** Applies pending migrations; an advisory lock lets many instances start at once. */
export async function runMigrations(
  handle: DatabaseHandle,
  migrationsFolder = MIGRATIONS_DIR,
): Promise<void> {
  // drizzle's migrator is typed for its own database class; ours (and a transaction) has the
  // same dialect and session it uses, on either driver.
  const db = handle.db as unknown as NodePgDatabase;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migrate(tx as unknown as NodePgDatabase, { migrationsFolder });
  });
}
