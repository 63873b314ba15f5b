import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob } from '../../platform/jobs/job-queue';

export const RENEWAL_JOB = 'billing.renew';

/**
 * `due` is the moment the job was made for: the period end, or a retry of a failed renewal.
 * A job whose moment is no longer the subscription's (it was upgraded, cancelled, retried
 * sooner) finds another job made for the new one and does nothing.
 */
export const ZRenewalPayload = z.object({ subscriptionId: z.uuid(), due: z.iso.datetime() });

export async function enqueueRenewal(tx: Database, subscriptionId: string, due: Date) {
  await enqueueJob(tx, {
    type: RENEWAL_JOB,
    payload: { subscriptionId, due: due.toISOString() },
    runAt: due,
    maxAttempts: 20,
  });
}
