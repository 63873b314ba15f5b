import type { BillingOverview, BillingPeriod, Plan } from '@themis/shared';
import { runtimeConfig } from '../../app/runtime-config';

/** Whether this server sells paid plans (PAYMENTS is not 'off'). */
export const paymentsAvailable = () => runtimeConfig().payments !== 'off';

/**
 * The plan button states of the spec: current (in force), selected (clicked), available; and
 * unavailable, a paid plan on a server that takes no payments.
 */
export type PlanState = 'current' | 'selected' | 'available' | 'unavailable';

/**
 * Whether the plan and period are what the account has now: the subscription's plan and
 * period, or, without a subscription, the free plan in force (in either period).
 */
function isCurrentPlan(
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
  if (!plan.is_free && !paymentsAvailable()) return 'unavailable';
  return plan.pk === selectedPk ? 'selected' : 'available';
}
