import type { UsageResponse } from '@themis/shared';
import type { UserActor } from '../../access/actor';
import { requireContextAccess } from '../../access/access';
import { billingOwnerOf } from '../../access/billing-owner';
import type { Database } from '../../db/client';
import { readAllowance } from './allowance';

/** Tokens used this calendar month (UTC) against the monthly limit of the plan. */
export async function getCurrentUsage(options: {
  db: Database;
  actor: UserActor;
  now: Date;
}): Promise<UsageResponse> {
  const { actor } = requireContextAccess({ actor: options.actor, action: 'usage.read' });
  const allowance = await readAllowance({
    db: options.db,
    owner: billingOwnerOf(actor),
    now: options.now,
  });
  return {
    month: allowance.month.slice(0, 7),
    used_tokens: allowance.used,
    limit_tokens: allowance.limit,
  };
}
