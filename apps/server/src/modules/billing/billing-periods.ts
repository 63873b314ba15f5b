import { priceOf, VAT_RATE_PERCENT, type BillingPeriod, type Price } from '@themis/shared';
import type { PlanRow } from '../../db/schema';

/**
 * The end of a period begun at `start`: the same day a month or a year later, or the
 * month's last day when it has no such day (31 January → 28 or 29 February), in UTC.
 */
export function periodEndOf(start: Date, period: BillingPeriod): Date {
  const months = period === 'monthly' ? 1 : 12;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start);
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return end;
}

export const netPriceOf = (plan: PlanRow, period: BillingPeriod): number =>
  period === 'monthly' ? plan.priceMonthlyCents : plan.priceYearlyCents;

export const isFreePlan = (plan: PlanRow) =>
  plan.priceMonthlyCents === 0 && plan.priceYearlyCents === 0;

export type ChangeKind = 'upgrade' | 'downgrade' | 'unchanged';

/**
 * An upgrade (a dearer plan, or the same plan yearly) starts at once for a new period, the
 * rest of the paid one credited; anything else waits for the period end, so nothing paid is
 * lost (decisions.md: a dearer plan for a shorter period waits too).
 */
export function changeKindOf(
  current: { plan: PlanRow; period: BillingPeriod },
  wanted: { plan: PlanRow; period: BillingPeriod },
): ChangeKind {
  if (current.plan.id === wanted.plan.id && current.period === wanted.period) return 'unchanged';
  const shorter = current.period === 'yearly' && wanted.period === 'monthly';
  const dearer = wanted.plan.priceMonthlyCents > current.plan.priceMonthlyCents;
  const same = wanted.plan.id === current.plan.id;
  if (!shorter && (dearer || same)) return 'upgrade';
  return 'downgrade';
}

/**
 * The net charge of an upgrade at `now`: the new price less the unused part of what was
 * paid for the current period, by the millisecond, the credit rounded up (the payer's way).
 */
export function upgradeChargeOf(options: {
  newNet: number;
  paidNet: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): Price {
  const { newNet, paidNet, periodStart, periodEnd, now } = options;
  const length = periodEnd.getTime() - periodStart.getTime();
  const left = Math.min(Math.max(periodEnd.getTime() - now.getTime(), 0), length);
  // In BigInt: a yearly price times a year in milliseconds passes 2^53.
  const numerator = BigInt(paidNet) * BigInt(left);
  const divisor = BigInt(Math.max(length, 1));
  const credit = Number((numerator + divisor - 1n) / divisor);
  return priceOf(Math.max(newNet - credit, 0));
}

/**
 * A gross amount charged (a provider's invoice) split into net and VAT: the net whose
 * priceOf gives that gross when there is one, so our own prices split as they were made.
 */
export function priceOfGross(gross: number): Price {
  const estimate = Math.round((gross * 100) / (100 + VAT_RATE_PERCENT));
  for (const net of [estimate, estimate - 1, estimate + 1]) {
    if (net >= 0 && priceOf(net).gross === gross) return priceOf(net);
  }
  return { net: estimate, vat: gross - estimate, gross };
}
