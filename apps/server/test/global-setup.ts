import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openEmbeddedDatabase, wrapPostgres } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { TEMPLATE_DIR, adminUrl, databaseUrlFor } from './database-names';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database per run; every test file then gets its own copy
 * (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    const name = `themis_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl(testDatabaseUrl) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const handle = wrapPostgres(
      new pg.Pool({ connectionString: databaseUrlFor(testDatabaseUrl, name), max: 1 }),
    );
    await runMigrations(handle);
    await handle.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const handle = await openEmbeddedDatabase({});
  await runMigrations(handle);
  const dump = await handle.dumpDataDir();
  await handle.close();
  await mkdir(TEMPLATE_DIR, { recursive: true });
  const file = join(TEMPLATE_DIR, `pglite-template-${process.pid}.tar`);
  await writeFile(file, dump);
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rm(file, { force: true });
}
