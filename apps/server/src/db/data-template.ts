import { rename, rm } from 'node:fs/promises';
import { openEmbeddedDatabase } from './client';
import { runMigrations } from './migrate';

/**
 * Makes `target` a new embedded database with every migration applied (the build makes
 * one): made beside its place and moved there once closed.
 */
export async function makeDataTemplate(target: string): Promise<void> {
  const making = `${target}.making`;
  await rm(making, { recursive: true, force: true });
  await rm(target, { recursive: true, force: true });
  // An empty template: the new database is created, not copied from another.
  const database = await openEmbeddedDatabase({ dataDir: making }, { template: '' });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  await rename(making, target);
}
