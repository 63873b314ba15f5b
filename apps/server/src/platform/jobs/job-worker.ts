import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { JobDeferred, type JobHandlers } from './job-queue';
import { describeFailure, retryDelayMs } from './job-retry';
import {
  claimDueJobs,
  deferJob,
  deleteJob,
  markJobFailed,
  rescheduleJob,
  type ClaimedJob,
} from './jobs.repo';

export interface JobWorker {
  /** Polls the queue in the background until stop(). */
  start(): void;
  /** Stops polling and resolves once the jobs already running have finished. */
  stop(): Promise<void>;
  /**
   * Runs every job due now, a batch at a time, and resolves when they and the jobs this
   * worker already runs are done (tests). Returns how many it ran itself.
   */
  runDueJobs(): Promise<number>;
}

export interface JobWorkerOptions {
  db: Database;
  handlers: JobHandlers;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Pause between polls when the queue is empty. */
  pollMs?: number;
  /** Jobs run at the same time by this worker. */
  concurrency?: number;
  /** How long a claimed job stays reserved; a worker that dies frees it after this. */
  leaseMs?: number;
  /** Told of a job that failed for good (the error tracker). */
  reportFailure?: (failure: unknown) => void;
}

const LOST_LAST_ATTEMPT = 'the worker running the last attempt stopped before it finished';

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, handlers, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 5 * 60_000;

  async function giveUp(job: ClaimedJob, failure: unknown) {
    const error = describeFailure(failure);
    await markJobFailed(db, job, error);
    log.error(
      { jobId: job.id, type: job.type, attempts: job.attempts, error },
      'job failed for good',
    );
    options.reportFailure?.(failure);
  }

  async function execute(job: ClaimedJob): Promise<void> {
    // Counted at claim time, so a job that keeps killing its worker still runs out of attempts.
    if (job.attempts > job.maxAttempts) return giveUp(job, new Error(LOST_LAST_ATTEMPT));
    try {
      const handler = Object.hasOwn(handlers, job.type) ? handlers[job.type] : undefined;
      if (!handler) throw new Error(`unknown job type "${job.type}": no handler is registered`);
      await handler(job.payload);
    } catch (failure) {
      if (failure instanceof JobDeferred) return deferJob(db, job, failure.delayMs);
      if (job.attempts >= job.maxAttempts) return giveUp(job, failure);
      const error = describeFailure(failure);
      const delayMs = retryDelayMs(job.attempts);
      await rescheduleJob(db, job, { error, delayMs });
      log.warn(
        { jobId: job.id, type: job.type, attempts: job.attempts, retryInMs: delayMs, error },
        'job failed; it will be retried',
      );
      return;
    }
    await deleteJob(db, job);
  }

  // The lease covers a job whose outcome could not be written: it simply runs again later.
  const run = (job: ClaimedJob) =>
    execute(job).catch((error: unknown) =>
      log.error(
        { jobId: job.id, type: job.type, error: describeFailure(error) },
        'could not record the outcome of a job',
      ),
    );

  const running = new Set<Promise<void>>();
  /** A job run counted as running until it ends, whoever claimed it. */
  const track = (job: ClaimedJob) => {
    const task = run(job).finally(() => running.delete(task));
    running.add(task);
    return task;
  };
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let pollAgain = false;

  async function claimIntoFreeSlots() {
    const free = concurrency - running.size;
    if (free <= 0) return;
    try {
      for (const job of await claimDueJobs(db, { limit: free, leaseMs })) {
        void track(job).finally(pollSoon);
      }
    } catch (error) {
      log.error({ error: describeFailure(error) }, 'could not claim due jobs');
    }
  }

  function pollSoon() {
    if (!started) return;
    if (polling) {
      pollAgain = true;
      return;
    }
    clearTimeout(timer);
    polling = claimIntoFreeSlots().finally(() => {
      polling = undefined;
      if (pollAgain) {
        pollAgain = false;
        pollSoon();
      } else if (started) {
        timer = setTimeout(pollSoon, pollMs).unref();
      }
    });
  }

  return {
    start() {
      if (started) return;
      started = true;
      pollSoon();
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await polling;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async runDueJobs() {
      let count = 0;
      for (;;) {
        const batch = await claimDueJobs(db, { limit: concurrency, leaseMs });
        if (batch.length === 0) break;
        await Promise.all(batch.map(track));
        count += batch.length;
      }
      // Due jobs the background loop or another call took first are finished too when this
      // resolves.
      await polling;
      await Promise.allSettled([...running]);
      return count;
    },
  };
}
