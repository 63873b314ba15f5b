import type { Database } from '../../db/client';
import {
  countJobsByState,
  countUnfailedJobs,
  hurryWaitingJobs,
  insertJob,
  type JobState,
} from './jobs.repo';

export type { JobState };

/**
 * Thrown by a handler whose job cannot progress yet (it waits for something outside it):
 * the job runs again after `delayMs` without using up one of its attempts.
 */
export class JobDeferred extends Error {
  override name = 'JobDeferred';
  constructor(
    readonly delayMs: number,
    reason: string,
  ) {
    super(reason);
  }
}

/** Runs one job; it receives that job's payload only. A rejection means "retry later". */
type JobHandler = (payload: unknown) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export interface NewJob {
  type: string;
  /** Stored as JSON until the job has run: put nothing here that must not rest in the table. */
  payload: unknown;
  /** Not before this time; now by default. */
  runAt?: Date;
  /** How many times the job may start before it is given up; the table's default (8) if unset. */
  maxAttempts?: number;
}

/**
 * Adds a job to the durable queue. `db` may be a transaction: the job then exists only if
 * that transaction commits, together with the rows that caused it. Returns the job id.
 */
export async function enqueueJob(db: Database, job: NewJob): Promise<number> {
  if (
    job.maxAttempts !== undefined &&
    !(Number.isInteger(job.maxAttempts) && job.maxAttempts >= 1)
  ) {
    throw new RangeError('maxAttempts must be a positive integer');
  }
  return insertJob(db, job);
}

/** Makes the waiting (not running) jobs of `type` whose payload has `field` = `value` due now. */
export async function hurryJobs(
  db: Database,
  job: { type: string; field: string; value: string },
): Promise<void> {
  await hurryWaitingJobs(db, job);
}

/**
 * Whether a job of `type` whose payload has `field` = `value` waits to run (not failed, not
 * running: one running may have read what it works on before the caller's change).
 */
export async function hasWaitingJob(
  db: Database,
  job: { type: string; field: string; value: string },
): Promise<boolean> {
  return (await countUnfailedJobs(db, job, 'waiting')) > 0;
}

/** Whether a job of `type` whose payload has `field` = `value` is running now. */
export async function hasRunningJob(
  db: Database,
  job: { type: string; field: string; value: string },
): Promise<boolean> {
  return (await countUnfailedJobs(db, job, 'running')) > 0;
}

/** The queue by job type and state (failed, running, due, scheduled): for the metrics. */
export function countJobsInQueue(
  db: Database,
): Promise<{ type: string; state: JobState; count: number }[]> {
  return countJobsByState(db);
}
