import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase, type DatabaseHandle } from '../src/db/client';
import { makeDataTemplate } from '../src/db/data-template';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/db/embedded-database';
import { runMigrations } from '../src/db/migrate';
import { MIGRATIONS_DIR } from '../src/paths';

// The embedded database whatever TEST_DATABASE_URL says: this is its own connection code.
describe('the embedded database thread', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'themis-embedded-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  async function stop(database: EmbeddedDatabase) {
    await database.pool.end();
    await database.stop();
  }

  it('keeps what was committed in its folder across a restart', async () => {
    const dataDir = join(folder, 'kept');
    const first = await startEmbeddedDatabase({ dataDir });
    await first.pool.query('create table notes (body text not null)');
    await first.pool.query('insert into notes values ($1), ($2)', ['first', 'zażółć']);
    await stop(first);

    const second = await startEmbeddedDatabase({ dataDir });
    const { rows } = await second.pool.query('select body from notes order by body');
    expect(rows).toEqual([{ body: 'first' }, { body: 'zażółć' }]);
    await stop(second);
  });

  it('answers many queries at once, in order, an SQL error among them', async () => {
    const database = await startEmbeddedDatabase({});
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        i === 25
          ? database.pool.query('select * from missing')
          : database.pool.query('select $1::int as n', [i]),
      ),
    );
    expect(outcomes[25]).toMatchObject({
      status: 'rejected',
      reason: { code: '42P01' },
    });
    const numbers = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value.rows[0].n as number] : [],
    );
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i).filter((i) => i !== 25));
    await stop(database);
  });

  it("runs one connection's transaction at a time; the others wait for its end", async () => {
    const database = await startEmbeddedDatabase({});
    await database.pool.query('create table seats (n int)');
    const booking = await database.pool.connect();
    await booking.query('begin');
    await booking.query('insert into seats values (1)');
    let counted: number | undefined;
    const other = database.pool
      .query('select count(*)::int as count from seats')
      .then((result) => (counted = result.rows[0].count as number));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counted).toBeUndefined();
    await booking.query('rollback');
    booking.release();
    await other;
    // Run inside the open transaction, it would have counted the seat.
    expect(counted).toBe(0);
    await stop(database);
  });

  it('rolls back the transaction of a connection that went away', async () => {
    const database = await startEmbeddedDatabase({});
    await database.pool.query('create table ledger (amount int not null)');
    const client = await database.pool.connect();
    await client.query('begin');
    await client.query('insert into ledger values (100)');
    // Released with an error, the connection is closed rather than given back to the pool.
    client.release(new Error('client gone'));

    const { rows } = await database.pool.query('select count(*)::int as count from ledger');
    expect(rows).toEqual([{ count: 0 }]);
    // The next connection is not inside the old transaction: what it writes stays.
    await database.pool.query('insert into ledger values (5)');
    const again = await database.pool.connect();
    await again.query('rollback').catch(() => undefined);
    again.release();
    const after = await database.pool.query('select sum(amount)::int as total from ledger');
    expect(after.rows).toEqual([{ total: 5 }]);
    await stop(database);
  });

  // Two new databases, each created by initdb: slow on a busy machine, hence more time.
  it('copies a database through a dump', { timeout: 120_000 }, async () => {
    const original = await startEmbeddedDatabase({});
    await original.pool.query('create table plans (name text)');
    await original.pool.query("insert into plans values ('Pro')");
    const dump = await original.dumpDataDir();
    await stop(original);

    const copy = await startEmbeddedDatabase({ dump });
    const { rows } = await copy.pool.query('select name from plans');
    expect(rows).toEqual([{ name: 'Pro' }]);
    await stop(copy);
  });

  it('reports a thread that ends unbidden, and fails queries at once from then on', async () => {
    const failures: string[] = [];
    const database = await startEmbeddedDatabase(
      {},
      { onFailure: (error) => failures.push(error.message) },
    );
    await database.pool.query('select 1');
    await database.thread.terminate();
    await expect(database.pool.query('select 1')).rejects.toThrow();
    await expect(database.pool.query('select 1')).rejects.toThrow(/stopped/);
    expect(failures).toEqual([expect.stringMatching(/embedded database stopped/)]);
    await database.pool.end();
    await database.stop();
  });

  it('reports a folder it cannot use instead of starting', async () => {
    const notAFolder = join(folder, 'file');
    await writeFile(notAFolder, 'not a database');
    await expect(startEmbeddedDatabase({ dataDir: notAFolder })).rejects.toThrow(
      /embedded database/,
    );
  });
});

describe('a new data folder', () => {
  let folder: string;
  let template: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'themis-template-'));
    template = join(folder, 'template');
    await makeDataTemplate(template);
  }, 120_000);
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const rowsOf = async (database: DatabaseHandle, query: SQL) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const migrationsApplied = async (database: DatabaseHandle) =>
    (await rowsOf(database, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!
      .n;

  it('is copied from the migrated template, each copy a database of its own', async () => {
    const migrations = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql'));
    const first = await openEmbeddedDatabase({ dataDir: join(folder, 'a') }, { template });
    const second = await openEmbeddedDatabase({ dataDir: join(folder, 'b') }, { template });
    try {
      expect(await migrationsApplied(first)).toBe(migrations.length);
      await first.db.execute(sql`create table only_in_a (n int)`);
      await runMigrations(second);
      expect(await migrationsApplied(second)).toBe(migrations.length);
      const found = await rowsOf(second, sql`select to_regclass('only_in_a') as found`);
      expect(found).toEqual([{ found: null }]);
    } finally {
      await first.close();
      await second.close();
    }
    // Nothing is left beside the folders but the folders.
    expect((await readdir(folder)).sort()).toEqual(['a', 'b', 'template']);
  });

  it("is its owner's alone, whatever the modes of the template", async () => {
    await chmod(join(template, 'PG_VERSION'), 0o644);
    const database = await openEmbeddedDatabase({ dataDir: join(folder, 'c') }, { template });
    await database.close();
    const entries = await readdir(join(folder, 'c'), { recursive: true, withFileTypes: true });
    const open = [];
    for (const entry of entries) {
      const path = join(entry.parentPath, entry.name);
      if (((await stat(path)).mode & 0o077) !== 0) open.push(path);
    }
    expect(entries.length).toBeGreaterThan(100);
    expect(open).toEqual([]);
  });
});
