import { priceOf, VAT_RATE_PERCENT, type Plan } from '@themis/shared';
import type { Database } from '../../db/client';
import type { PlanRow } from '../../db/schema';
import { listPlanRows } from '../../repos/plans.repo';

export const isFreePlanRow = (row: PlanRow) =>
  row.priceMonthlyCents === 0 && row.priceYearlyCents === 0;

export function presentPlan(row: PlanRow): Plan {
  return {
    pk: row.id,
    code: row.code,
    product_name: row.productName,
    scope: row.scope,
    monthly_token_limit: row.monthlyTokenLimit,
    has_encryption: row.hasEncryption,
    price_monthly_cents: row.priceMonthlyCents,
    price_yearly_cents: row.priceYearlyCents,
    prices: { monthly: priceOf(row.priceMonthlyCents), yearly: priceOf(row.priceYearlyCents) },
    vat_rate_percent: VAT_RATE_PERCENT,
    currency: row.currency,
    is_free: isFreePlanRow(row),
  };
}

export async function listPlans(options: { db: Database }): Promise<Plan[]> {
  const rows = await listPlanRows(options);
  return rows.map(presentPlan);
}
