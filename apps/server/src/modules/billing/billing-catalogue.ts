import { DEFAULT_ORGANIZATION_PLAN_CODE } from '@themis/shared';
import type { Database } from '../../db/client';
import type { PlanRow } from '../../db/schema';
import { listPlanRows } from '../../repos/plans.repo';
import type { BillingOwner } from '../../access/billing-owner';
import { notFound } from '../../errors';
import { isFreePlan } from './billing-periods';
import type { PlansById } from './billing-presenters';

/** The catalogue is a handful of rows: read whole. */
export async function loadPlans(db: Database): Promise<Map<string, PlanRow>> {
  const rows = await listPlanRows({ db });
  return new Map(rows.map((row) => [row.id, row]));
}

const scopeOf = (owner: BillingOwner) => (owner.kind === 'user' ? 'individual' : 'organization');

/** The plan of an owner without one: Free for a person, the organization Free plan. */
export function defaultPlanOf(catalogue: PlansById, owner: BillingOwner): PlanRow {
  const found = [...catalogue.values()].find((plan) =>
    owner.kind === 'user'
      ? plan.isDefault && plan.scope === 'individual'
      : plan.code === DEFAULT_ORGANIZATION_PLAN_CODE,
  );
  if (!found) throw new Error(`no default ${scopeOf(owner)} plan is seeded`);
  return found;
}

/** A paid plan of the owner's scope; anything else is not for sale to them. */
export function purchasablePlan(
  catalogue: PlansById,
  planId: string,
  owner: BillingOwner,
): PlanRow {
  const plan = catalogue.get(planId);
  if (!plan || plan.scope !== scopeOf(owner) || isFreePlan(plan)) throw notFound('plan');
  return plan;
}

export function planOwnerOf(account: {
  userId: string | null;
  organizationId: string | null;
}): BillingOwner | null {
  if (account.userId) return { kind: 'user', userId: account.userId };
  if (account.organizationId)
    return { kind: 'organization', organizationId: account.organizationId };
  return null;
}
