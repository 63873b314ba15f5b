import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openEmbeddedDatabase, wrapPostgres, type DatabaseHandle } from '../src/db/client';
import { adminUrl, databaseUrlFor } from './database-names';

/**
 * The pool's connections close a moment after pool.end() resolves; dropping with FORCE
 * would kill them mid-close, so wait for them instead.
 */
async function dropWhenReleased(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006';
      if (!inUse || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A fresh, migrated database of its own for one test file; close() throws it away. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const postgresTemplate = inject('postgresTemplate');
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (postgresTemplate && testDatabaseUrl) {
    const name = `themis_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(testDatabaseUrl) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplate}`);
    const handle = wrapPostgres(
      new pg.Pool({ connectionString: databaseUrlFor(testDatabaseUrl, name), max: 5 }),
    );
    let dropping: Promise<void> | undefined;
    const drop = async () => {
      await handle.close();
      await dropWhenReleased(admin, name);
      await admin.end();
    };
    return { ...handle, close: () => (dropping ??= drop()) };
  }
  const dump = await readFile(inject('pgliteTemplate'));
  return openEmbeddedDatabase({ dump });
}
