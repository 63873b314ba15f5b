import { and, asc, count, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs, type JobRow } from '../../db/schema';

/** A claimed job; `attempts` (counted at claim time) fences writes of a worker whose lease ran out. */
export type ClaimedJob = Pick<JobRow, 'id' | 'type' | 'payload' | 'attempts' | 'maxAttempts'>;

const nowPlus = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

export async function insertJob(
  db: Database,
  job: { type: string; payload: unknown; runAt?: Date; maxAttempts?: number },
): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      type: job.type,
      payload: job.payload,
      ...(job.runAt && { runAt: job.runAt }),
      ...(job.maxAttempts !== undefined && { maxAttempts: job.maxAttempts }),
    })
    .returning({ id: jobs.id });
  return row!.id;
}

/**
 * Leases up to `limit` due jobs to the caller. SKIP LOCKED lets concurrent workers take
 * disjoint rows; a job whose lease expired (its worker died) is due again. Times are the
 * database's, so instances with skewed clocks agree.
 */
export async function claimDueJobs(
  db: Database,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedJob[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        lte(jobs.runAt, sql`now()`),
        isNull(jobs.failedAt),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, lockedUntil: nowPlus(options.leaseMs) })
    .where(inArray(jobs.id, due))
    .returning({
      id: jobs.id,
      type: jobs.type,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    });
}

const stillOurs = (job: ClaimedJob) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));

export async function deleteJob(db: Database, job: ClaimedJob): Promise<void> {
  await db.delete(jobs).where(stillOurs(job));
}

export async function rescheduleJob(
  db: Database,
  job: ClaimedJob,
  failure: { error: string; delayMs: number },
): Promise<void> {
  await db
    .update(jobs)
    .set({ lastError: failure.error, lockedUntil: null, runAt: nowPlus(failure.delayMs) })
    .where(stillOurs(job));
}

/** Runs the job again later, giving back the attempt its claim counted. */
export async function deferJob(db: Database, job: ClaimedJob, delayMs: number): Promise<void> {
  await db
    .update(jobs)
    .set({ attempts: job.attempts - 1, lockedUntil: null, runAt: nowPlus(delayMs) })
    .where(stillOurs(job));
}

/** Jobs of a type whose payload has `field` = `value` that wait (not failed) or run. */
export async function countUnfailedJobs(
  db: Database,
  job: { type: string; field: string; value: string },
  which: 'waiting' | 'running',
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.type, job.type),
        isNull(jobs.failedAt),
        // A lease that ran out is a worker that died, not a job that runs.
        which === 'waiting' ? isNull(jobs.lockedUntil) : gt(jobs.lockedUntil, sql`now()`),
        sql`${jobs.payload} ->> ${job.field} = ${job.value}`,
      ),
    );
  return row?.count ?? 0;
}

export async function hurryWaitingJobs(
  db: Database,
  job: { type: string; field: string; value: string },
): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(
      and(
        eq(jobs.type, job.type),
        isNull(jobs.failedAt),
        isNull(jobs.lockedUntil),
        sql`${jobs.payload} ->> ${job.field} = ${job.value}`,
      ),
    );
}

export async function markJobFailed(db: Database, job: ClaimedJob, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ lastError: error, lockedUntil: null, failedAt: sql`now()` })
    .where(stillOurs(job));
}

/** failed: given up; running: leased to a worker; due: waits for one; scheduled: not yet due. */
export type JobState = 'failed' | 'running' | 'due' | 'scheduled';

/** How many jobs of each type are in each state, by the database's clock. */
export async function countJobsByState(
  db: Database,
): Promise<{ type: string; state: JobState; count: number }[]> {
  const state = sql<JobState>`case
    when ${jobs.failedAt} is not null then 'failed'
    when ${jobs.lockedUntil} > now() then 'running'
    when ${jobs.runAt} <= now() then 'due'
    else 'scheduled' end`;
  return db.select({ type: jobs.type, state, count: count() }).from(jobs).groupBy(jobs.type, state);
}
