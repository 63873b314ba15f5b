import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { plans, type PlanRow } from '../db/schema';

/** The whole catalogue (a handful of rows), in its display order. */
export function listPlanRows(options: { db: Database }): Promise<PlanRow[]> {
  return options.db.select().from(plans).orderBy(asc(plans.sortOrder));
}

/** The Stripe product a plan is sold as. */
export async function setPlanStripeProduct(options: {
  db: Database;
  planId: string;
  productRef: string;
}): Promise<void> {
  await options.db
    .update(plans)
    .set({ stripeProductId: options.productRef })
    .where(eq(plans.id, options.planId));
}
