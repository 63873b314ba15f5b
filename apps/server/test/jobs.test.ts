import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { jobs } from '../src/db/schema';
import { enqueueJob, type JobHandlers } from '../src/platform/jobs/job-queue';
import { createJobWorker, type JobWorkerOptions } from '../src/platform/jobs/job-worker';
import { createTestDatabase } from './database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
afterEach(async () => {
  await database.db.delete(jobs);
});

function recordingLog() {
  const lines: { level: 'warn' | 'error'; fields: object; message: string }[] = [];
  return {
    lines,
    warn: (fields: object, message: string) => lines.push({ level: 'warn', fields, message }),
    error: (fields: object, message: string) => lines.push({ level: 'error', fields, message }),
  } as unknown as JobWorkerOptions['log'] & { lines: typeof lines };
}

function worker(handlers: JobHandlers, options: Partial<JobWorkerOptions> = {}) {
  const log = recordingLog();
  return { log, worker: createJobWorker({ db: database.db, handlers, log, ...options }) };
}

async function jobRow(id: number) {
  const [row] = await database.db
    .select({
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      failedAt: jobs.failedAt,
      lockedUntil: jobs.lockedUntil,
      secondsUntilRun: sql<number>`extract(epoch from ${jobs.runAt} - now())::float8`,
    })
    .from(jobs)
    .where(eq(jobs.id, id));
  return row;
}

/** Moves a job's retry time to now, as if its backoff had passed. */
const makeDue = (id: number) =>
  database.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.id, id));

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('the job queue', () => {
  it('runs an enqueued job once with its payload and then deletes it', async () => {
    const seen: unknown[] = [];
    const { worker: w } = worker({ greet: async (payload) => void seen.push(payload) });
    const id = await enqueueJob(database.db, { type: 'greet', payload: { name: 'Ada' } });
    expect(await w.runDueJobs()).toBe(1);
    expect(seen).toEqual([{ name: 'Ada' }]);
    expect(await jobRow(id)).toBeUndefined();
    expect(await w.runDueJobs()).toBe(0);
  });

  it('finishes, before a run of due jobs resolves, those another run took first', async () => {
    const release = deferred();
    const started = deferred();
    const done: string[] = [];
    const { worker: w } = worker({
      slow: async () => {
        started.resolve();
        await release.promise;
        done.push('slow');
      },
    });
    await enqueueJob(database.db, { type: 'slow', payload: {} });
    const first = w.runDueJobs();
    await started.promise;
    let secondEnded = false;
    const second = w.runDueJobs().then((count) => {
      secondEnded = true;
      return count;
    });
    // A round trip after the second run asked for due jobs: it found none to claim, and still
    // waits for the one the first run is running.
    await expect.poll(() => database.db.select().from(jobs)).toHaveLength(1);
    expect(secondEnded).toBe(false);
    release.resolve();
    expect(await second).toBe(0);
    expect(done).toEqual(['slow']);
    expect(await first).toBe(1);
  });

  it('gives each handler its own job’s payload only', async () => {
    const seen: unknown[] = [];
    const { worker: w } = worker({ note: async (payload) => void seen.push(payload) });
    for (const n of [1, 2, 3]) await enqueueJob(database.db, { type: 'note', payload: { n } });
    await w.runDueJobs();
    expect(seen).toHaveLength(3);
    expect(seen).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }, { n: 3 }]));
  });

  it('does not run a job before its run_at', async () => {
    const run = vi.fn(async () => undefined);
    const { worker: w } = worker({ later: run });
    const id = await enqueueJob(database.db, {
      type: 'later',
      payload: {},
      runAt: new Date(Date.now() + 60_000),
    });
    expect(await w.runDueJobs()).toBe(0);
    await makeDue(id);
    expect(await w.runDueJobs()).toBe(1);
    expect(run).toHaveBeenCalledOnce();
  });

  it('retries a failed job with exponential backoff, keeping the error message but not the payload', async () => {
    let calls = 0;
    const { worker: w, log } = worker({
      flaky: async () => {
        calls += 1;
        if (calls < 3) throw new Error(`upstream refused (call ${calls})`);
      },
    });
    const id = await enqueueJob(database.db, { type: 'flaky', payload: { secret: 'S3CR3T' } });

    await w.runDueJobs();
    const first = await jobRow(id);
    expect(first).toMatchObject({ attempts: 1, lastError: 'upstream refused (call 1)' });
    expect(first!.failedAt).toBeNull();
    expect(first!.lockedUntil).toBeNull();
    expect(first!.secondsUntilRun).toBeGreaterThan(9);
    expect(first!.secondsUntilRun).toBeLessThanOrEqual(10);
    expect(await w.runDueJobs(), 'not due before its backoff').toBe(0);

    await makeDue(id);
    await w.runDueJobs();
    const second = await jobRow(id);
    expect(second).toMatchObject({ attempts: 2, lastError: 'upstream refused (call 2)' });
    expect(second!.secondsUntilRun).toBeGreaterThan(19);
    expect(second!.secondsUntilRun).toBeLessThanOrEqual(20);

    await makeDue(id);
    await w.runDueJobs();
    expect(await jobRow(id)).toBeUndefined();
    expect(calls).toBe(3);
    expect(log.lines.map((l) => l.level)).toEqual(['warn', 'warn']);
    expect(JSON.stringify(log.lines)).not.toContain('S3CR3T');
  });

  it('gives up after max attempts: failed_at is set, an error is logged, it never runs again', async () => {
    const run = vi.fn(async () => {
      throw new Error('always broken');
    });
    const { worker: w, log } = worker({ broken: run });
    const id = await enqueueJob(database.db, { type: 'broken', payload: {}, maxAttempts: 2 });
    await w.runDueJobs();
    await makeDue(id);
    await w.runDueJobs();
    const row = await jobRow(id);
    expect(row).toMatchObject({ attempts: 2, lastError: 'always broken', lockedUntil: null });
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(log.lines.at(-1)).toMatchObject({ level: 'error', message: 'job failed for good' });
    expect(log.lines.at(-1)!.fields).toMatchObject({ jobId: id, type: 'broken', attempts: 2 });

    await makeDue(id);
    expect(await w.runDueJobs()).toBe(0);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('fails a job of an unknown type with a clear error', async () => {
    const { worker: w } = worker({});
    const id = await enqueueJob(database.db, { type: 'mystery', payload: {} });
    await w.runDueJobs();
    expect((await jobRow(id))!.lastError).toBe(
      'unknown job type "mystery": no handler is registered',
    );
  });

  it('refuses a max attempts that is not a positive integer', async () => {
    await expect(
      enqueueJob(database.db, { type: 'x', payload: {}, maxAttempts: 0 }),
    ).rejects.toThrow(RangeError);
  });

  it('picks a job up again once the lease of a crashed worker has expired', async () => {
    const run = vi.fn(async () => undefined);
    const { worker: w } = worker({ orphan: run });
    const id = await enqueueJob(database.db, { type: 'orphan', payload: {} });
    // A worker claimed it and died: attempts counted, lease still running.
    await database.db
      .update(jobs)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.id, id));
    expect(await w.runDueJobs()).toBe(0);
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await w.runDueJobs()).toBe(1);
    expect(run).toHaveBeenCalledOnce();
    expect(await jobRow(id)).toBeUndefined();
  });

  it('gives up a job whose last attempt was lost with its worker, without running it again', async () => {
    const run = vi.fn(async () => undefined);
    const { worker: w } = worker({ poison: run });
    const id = await enqueueJob(database.db, { type: 'poison', payload: {}, maxAttempts: 3 });
    await database.db
      .update(jobs)
      .set({ attempts: 3, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    await w.runDueJobs();
    expect(run).not.toHaveBeenCalled();
    const row = await jobRow(id);
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(row!.lastError).toMatch(/stopped before it finished/);
  });

  it('never runs a job enqueued in a transaction that rolled back', async () => {
    const run = vi.fn(async () => undefined);
    const { worker: w } = worker({ audit: run });
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, { type: 'audit', payload: { step: 'rolled back' } });
        throw new Error('the caller failed after enqueueing');
      }),
    ).rejects.toThrow('the caller failed');
    await database.db.transaction(async (tx) => {
      await enqueueJob(tx, { type: 'audit', payload: { step: 'committed' } });
    });
    expect(await w.runDueJobs()).toBe(1);
    expect(run).toHaveBeenCalledExactlyOnceWith({ step: 'committed' });
  });

  it('never runs a job twice when two workers claim concurrently', async () => {
    const runs = new Map<number, number>();
    const handler = async (payload: unknown) => {
      const { n } = payload as { n: number };
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, Math.random() * 5));
    };
    for (let n = 0; n < 60; n++) await enqueueJob(database.db, { type: 'count', payload: { n } });
    const a = worker({ count: handler }, { concurrency: 3 }).worker;
    const b = worker({ count: handler }, { concurrency: 3 }).worker;
    const [ranByA, ranByB] = await Promise.all([a.runDueJobs(), b.runDueJobs()]);
    expect(ranByA + ranByB).toBe(60);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(await database.db.$count(jobs)).toBe(0);
  });

  it('runs jobs in the background once started, and stop() waits for the job in flight', async () => {
    const started = deferred();
    const release = deferred();
    const finished: string[] = [];
    const { worker: w } = worker(
      {
        slow: async (payload) => {
          started.resolve();
          await release.promise;
          finished.push((payload as { name: string }).name);
        },
      },
      { pollMs: 20 },
    );
    const id = await enqueueJob(database.db, { type: 'slow', payload: { name: 'first' } });
    w.start();
    await started.promise;

    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(stopped, 'stop() resolves only after the running job').toBe(false);
    release.resolve();
    await stopping;
    expect(finished).toEqual(['first']);
    expect(await jobRow(id)).toBeUndefined();

    await enqueueJob(database.db, { type: 'slow', payload: { name: 'second' } });
    await new Promise((r) => setTimeout(r, 100));
    expect(finished, 'nothing runs after stop()').toEqual(['first']);
  });

  it('keeps polling after the database failed for a moment, logging it', async () => {
    let failuresLeft = 2;
    const flakyDb = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'update' && failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('connection lost');
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const run = vi.fn(async () => undefined);
    const { worker: w, log } = worker({ later: run }, { db: flakyDb, pollMs: 10 });
    await enqueueJob(database.db, { type: 'later', payload: {} });
    w.start();
    await vi.waitFor(() => expect(run).toHaveBeenCalledOnce(), { timeout: 5000 });
    await w.stop();
    expect(log.lines.filter((l) => l.message === 'could not claim due jobs')).toHaveLength(2);
  });
});
