import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { readFunctionSources } from '../src/db/function-sources';
import { rawRows } from '../src/db/raw-rows';
import { createTestDatabase } from './database';

/** The functions of the schema (an extension's aside), with their definitions as stored. */
async function storedFunctions(handle: DatabaseHandle): Promise<Map<string, string>> {
  const rows = await rawRows<{ name: string; definition: string }>(
    handle.db,
    sql`select p.proname as name, pg_get_functiondef(p.oid) as definition
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f'
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        order by p.proname`,
  );
  return new Map(rows.map((row) => [row.name, row.definition]));
}

describe('the migrated database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('defines each function exactly as its source does, and no other', async () => {
    const sources = readFunctionSources();
    const migrated = await storedFunctions(handle);
    expect([...migrated.keys()]).toEqual([...sources.keys()]);
    // The database's own rendering of each source, made on this copy, against the migrated one.
    for (const source of sources.values()) await handle.db.execute(sql.raw(source));
    expect(await storedFunctions(handle)).toEqual(migrated);
  });
});
