import type { BillingOverview, BillingPeriod, Plan } from '@themis/shared';

/** The plan button states of the spec: current (in force), selected (clicked), available. */
export type PlanState = 'current' | 'selected' | 'available';

/**
 * Whether the plan and period are what the account has now: the subscription's plan and
 * period, or, without a subscription, the free plan in force (in either period).
 */
export function isCurrentPlan(
  plan: Plan,
  period: BillingPeriod,
  overview: BillingOverview | undefined,
): boolean {
  if (!overview) return false;
  const { subscription } = overview;
  if (subscription) return subscription.plan.pk === plan.pk && subscription.period === period;
  return plan.is_free && overview.plan.pk === plan.pk;
}

export function planStateOf(
  plan: Plan,
  period: BillingPeriod,
  overview: BillingOverview | undefined,
  selectedPk: string | undefined,
): PlanState {
  if (isCurrentPlan(plan, period, overview)) return 'current';
  return plan.pk === selectedPk ? 'selected' : 'available';
}
