import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths';
import { functionsToMigrate, readFunctionSources } from './function-sources';

describe('the database functions’ sources', () => {
  it('are each migrated as written', () => {
    expect(readFunctionSources().size).toBeGreaterThanOrEqual(5);
    expect(functionsToMigrate(MIGRATIONS_DIR)).toEqual([]);
  });

  it('tell a changed source, comments and spacing aside, from one already migrated', () => {
    const sources = mkdtempSync(join(tmpdir(), 'functions-'));
    const migrations = mkdtempSync(join(tmpdir(), 'migrations-'));
    const body = 'RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;';
    writeFileSync(join(migrations, '0000_a.sql'), `CREATE FUNCTION same() ${body}`);
    writeFileSync(join(migrations, '0001_b.sql'), `CREATE FUNCTION changed() ${body}`);
    writeFileSync(
      join(sources, 'same.sql'),
      `-- why\nCREATE OR REPLACE FUNCTION same()\n  ${body}\n`,
    );
    writeFileSync(
      join(sources, 'changed.sql'),
      'CREATE OR REPLACE FUNCTION changed() RETURNS int LANGUAGE sql AS $$ SELECT 2 $$;',
    );
    writeFileSync(join(sources, 'new_one.sql'), `CREATE OR REPLACE FUNCTION new_one() ${body}`);
    expect(functionsToMigrate(migrations, sources)).toEqual(['changed', 'new_one']);
  });
});
