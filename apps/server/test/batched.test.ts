import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findConversationRecord } from '../src/access/access.repo';
import { batched, batchedRead } from '../src/db/batched';
import type { Database, DatabaseHandle } from '../src/db/client';
import { rawRows } from '../src/db/raw-rows';
import { createTestDatabase } from './database';

let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await db.execute(sql`create table batched_things (id uuid primary key, label text not null)`);
});
afterAll(() => handle.close());

const thingsOf = (database: Database, ids: string[]) =>
  rawRows<{ id: string; label: string }>(
    database,
    sql`select id, label from batched_things where id = any(${sql.param(ids)}::uuid[])`,
  );

/** Each batch's inputs, as the database was asked them. */
function recordedLabels() {
  const batches: string[][] = [];
  const labelsOf = batched(async (database: Database, ids: string[]) => {
    batches.push(ids);
    const rows = await thingsOf(database, ids);
    return ids.map((id) => rows.find((row) => row.id === id)?.label ?? null);
  });
  return { batches, labelsOf };
}

async function insertThing(database: Database, label: string) {
  const id = randomUUID();
  await database.execute(sql`insert into batched_things (id, label) values (${id}, ${label})`);
  return id;
}

describe('batched database calls', () => {
  it('makes the calls of one turn one call, each answered its own output', async () => {
    const ids = await Promise.all(['a', 'b', 'c'].map((label) => insertThing(db, label)));
    const { batches, labelsOf } = recordedLabels();

    const labels = await Promise.all(
      [...ids.reverse(), randomUUID()].map((id) => labelsOf(db, id)),
    );

    expect(labels).toEqual(['c', 'b', 'a', null]);
    expect(batches).toHaveLength(1);
    // A call of a later turn is a batch of its own.
    expect(await labelsOf(db, ids[0]!)).toBe('c');
    expect(batches).toHaveLength(2);
  });

  it('starts another batch once one holds the most calls it may', async () => {
    const sizes: number[] = [];
    const double = batched(
      async (database: Database, values: number[]) => {
        sizes.push(values.length);
        const rows = await rawRows<{ doubled: number }>(
          database,
          sql`select value * 2 as doubled from unnest(${sql.param(values)}::int[]) with ordinality as v(value, n) order by n`,
        );
        return rows.map((row) => row.doubled);
      },
      { most: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map((value) => double(db, value)))).toEqual([
      2, 4, 6, 8, 10,
    ]);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('runs a call inside a transaction at once, in the transaction', async () => {
    const { batches, labelsOf } = recordedLabels();
    const seen = await db.transaction(async (tx) => {
      const id = await insertThing(tx, 'uncommitted');
      return labelsOf(tx, id);
    });
    expect(seen).toBe('uncommitted');
    expect(batches).toEqual([[expect.any(String)]]);
  });

  it('fails every call of a batch that fails, and serves the next batch', async () => {
    let failing = true;
    const echo = batched(async (database: Database, values: number[]) => {
      if (failing) throw new Error('batch failed');
      const [row] = await rawRows<{ values: number[] }>(
        database,
        sql`select ${sql.param(values)}::int[] as values`,
      );
      return row!.values;
    });
    const failed = await Promise.allSettled([echo(db, 1), echo(db, 2)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    failing = false;
    expect(await Promise.all([echo(db, 3), echo(db, 4)])).toEqual([3, 4]);
  });

  it('fails the calls of a batch answered with too few outputs, or thrown before a promise', async () => {
    const short = batched(async (_database: Database, values: number[]) => values.slice(1));
    const thrown = batched((): Promise<number[]> => {
      throw new Error('thrown at once');
    });
    for (const call of [short, thrown]) {
      const settled = await Promise.allSettled([call(db, 1), call(db, 2)]);
      expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    }
  });

  it('reads a conversation id that is not a UUID as none, not failing the reads beside it', async () => {
    const beside = randomUUID();
    expect(
      await Promise.all([
        findConversationRecord(db, 'not-a-uuid'),
        findConversationRecord(db, beside),
      ]),
    ).toEqual([undefined, undefined]);
  });

  it('reads each key once per batch, callers of the same key sharing its value', async () => {
    const id = await insertThing(db, 'shared');
    const asked: string[][] = [];
    const readLabel = batchedRead(async (database: Database, ids: string[]) => {
      asked.push(ids);
      const rows = await thingsOf(database, ids);
      return new Map(rows.map((row) => [row.id, row.label]));
    });
    const missing = randomUUID();
    expect(
      await Promise.all([readLabel(db, id), readLabel(db, missing), readLabel(db, id)]),
    ).toEqual(['shared', undefined, 'shared']);
    expect(asked).toEqual([[id, missing]]);
  });
});
