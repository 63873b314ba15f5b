import {
  BILLING_CURRENCY,
  CANCEL_REASONS,
  priceOf,
  VAT_RATE_PERCENT,
  type BillingDetails,
  type CancelReason,
  type PaymentCard,
  type Receipt,
  type Subscription,
} from '@themis/shared';
import type { PlanRow } from '../../db/schema';
import { presentPlan } from '../plans';
import { netPriceOf } from './billing-periods';
import type { PaymentCardRow, PaymentRow, SubscriptionRow } from './billing.repo';

export type PlansById = ReadonlyMap<string, PlanRow>;

const planOf = (plans: PlansById, planId: string): PlanRow => {
  const plan = plans.get(planId);
  if (!plan) throw new Error(`plan ${planId} is not in the catalogue`);
  return plan;
};

export function presentCard(row: PaymentCardRow): PaymentCard {
  return {
    pk: row.id,
    provider: row.provider === 'stripe' ? 'stripe' : 'sandbox',
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
  };
}

const isCancelReason = (value: string | null): value is CancelReason =>
  value !== null && (CANCEL_REASONS as readonly string[]).includes(value);

export function presentSubscription(
  row: SubscriptionRow,
  plans: PlansById,
  card: PaymentCardRow | undefined,
): Subscription {
  const pendingPlan = row.pendingPlanId ? planOf(plans, row.pendingPlanId) : undefined;
  const pendingPeriod = row.pendingPeriod ?? row.period;
  return {
    pk: row.id,
    plan: presentPlan(planOf(plans, row.planId)),
    period: row.period,
    status: row.status === 'past_due' ? 'past_due' : 'active',
    source: row.provider === 'manual' ? 'manual' : 'paid',
    amount: priceOf(row.amountNet),
    currency: BILLING_CURRENCY,
    started_at: row.startedAt.toISOString(),
    current_period_start: row.currentPeriodStart.toISOString(),
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    cancel_reason: isCancelReason(row.cancelReason) ? row.cancelReason : null,
    pending_change: pendingPlan
      ? {
          plan: presentPlan(pendingPlan),
          period: pendingPeriod,
          amount: priceOf(netPriceOf(pendingPlan, pendingPeriod)),
        }
      : null,
    card: card ? { pk: card.id, brand: card.brand, last4: card.last4 } : null,
    next_retry_at: row.status === 'past_due' ? (row.nextRetryAt?.toISOString() ?? null) : null,
  };
}

const EMPTY_BUYER: BillingDetails = {
  country: '',
  city: '',
  zip_code: '',
  address: '',
  phone: '',
  email: '',
  first_name: '',
  last_name: '',
  company_name: '',
  nip: '',
};

export function presentReceipt(row: PaymentRow, plans: PlansById): Receipt {
  return {
    pk: row.id,
    number: row.invoiceNumber ?? '',
    kind: row.kind,
    issued_at: (row.paidAt ?? row.createdAt).toISOString(),
    plan_name: planOf(plans, row.planId).productName,
    period: row.period,
    period_start: row.periodStart.toISOString(),
    period_end: row.periodEnd.toISOString(),
    amount: { net: row.amountNet, vat: row.amountVat, gross: row.amountGross },
    vat_rate_percent: row.vatRatePercent || VAT_RATE_PERCENT,
    currency: row.currency,
    buyer: row.buyer ?? EMPTY_BUYER,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
  };
}
