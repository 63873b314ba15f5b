import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client';

const inTransaction = (db: Database) => (db as unknown) instanceof PgTransaction;

interface Call<Input, Output> {
  input: Input;
  resolve(output: Output): void;
  reject(error: unknown): void;
}

/**
 * A database call whose calls in the same turn of the event loop are made as one: on the
 * embedded database every statement waits its turn on the one session, so a burst of questions
 * making a statement each would queue them all. `runMany` answers an output for each input, in
 * their order; when it fails, every call of the batch fails with it. A batch takes at most
 * `most` calls (the next ones start another), so that one does not hold the database long.
 * Inside a transaction a call runs at once, in it.
 */
export function batched<Input, Output>(
  runMany: (db: Database, inputs: Input[]) => Promise<Output[]>,
  options: { most?: number } = {},
): (db: Database, input: Input) => Promise<Output> {
  const most = options.most ?? Infinity;
  const pending = new WeakMap<Database, Call<Input, Output>[]>();

  function flush(db: Database, calls: Call<Input, Output>[]) {
    if (pending.get(db) === calls) pending.delete(db);
    Promise.resolve()
      .then(() =>
        runMany(
          db,
          calls.map((call) => call.input),
        ),
      )
      .then((outputs) => {
        if (outputs.length !== calls.length) {
          throw new Error(`a batch of ${calls.length} calls answered ${outputs.length} outputs`);
        }
        calls.forEach((call, index) => call.resolve(outputs[index]!));
      })
      .catch((error: unknown) => calls.forEach((call) => call.reject(error)));
  }

  return (db, input) => {
    if (inTransaction(db)) return runMany(db, [input]).then(([output]) => output!);
    let calls = pending.get(db);
    if (!calls || calls.length >= most) {
      const created: Call<Input, Output>[] = [];
      pending.set(db, created);
      // After the I/O of this turn: every frame that arrived with this one joins the batch.
      setImmediate(() => flush(db, created));
      calls = created;
    }
    const batch = calls;
    return new Promise((resolve, reject) => batch.push({ input, resolve, reject }));
  };
}

/**
 * A read by key, batched: `readMany` answers the rows of distinct keys, each under its key; a
 * key it leaves out reads as undefined. Callers with the same key share the value: it is not to
 * be changed.
 */
export function batchedRead<Key, Value>(
  readMany: (db: Database, keys: Key[]) => Promise<Map<Key, Value>>,
): (db: Database, key: Key) => Promise<Value | undefined> {
  return batched(async (db, keys: Key[]) => {
    const found = await readMany(db, [...new Set(keys)]);
    return keys.map((key) => found.get(key));
  });
}

/** Rows grouped under their key, in the order read. */
export function groupBy<Key, Row>(rows: Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const group = groups.get(keyOf(row));
    if (group) group.push(row);
    else groups.set(keyOf(row), [row]);
  }
  return groups;
}
