import { priceOf, type BillingPeriod, type Price } from '@themis/shared';
import type { PaymentRow } from './billing.repo';
import type { PlansById } from './billing-presenters';

/** A plan for a period, or (an upgrade's) the credit for the unused rest of one. */
export type InvoiceLine = { planName: string; from: Date; until: Date; amount: Price } & (
  | { kind: 'plan'; period: BillingPeriod }
  /** Its amount is negative: what is taken off the plan's price. */
  | { kind: 'credit' }
);

const planNameOf = (plans: PlansById, planId: string) => {
  const plan = plans.get(planId);
  if (!plan) throw new Error(`plan ${planId} is not in the catalogue`);
  return plan.productName;
};

/**
 * What a payment is invoiced for. An upgrade is the new plan for its whole new period and,
 * on a line of its own, the credit for the unused rest of the plan it replaces. The credit
 * line is the difference between the plan's price and what was charged, so the lines always
 * add up to the amounts paid, grosz for grosz.
 */
export function invoiceLinesOf(payment: PaymentRow, plans: PlansById): InvoiceLine[] {
  const charged: Price = {
    net: payment.amountNet,
    vat: payment.amountVat,
    gross: payment.amountGross,
  };
  const plan = {
    kind: 'plan' as const,
    planName: planNameOf(plans, payment.planId),
    period: payment.period,
    from: payment.periodStart,
    until: payment.periodEnd,
  };
  const proration = payment.proration;
  if (!proration || proration.full_net <= charged.net) return [{ ...plan, amount: charged }];
  const full = priceOf(proration.full_net);
  return [
    { ...plan, amount: full },
    {
      kind: 'credit',
      planName: planNameOf(plans, proration.credited_plan_id),
      from: new Date(proration.credited_from),
      until: new Date(proration.credited_until),
      amount: {
        net: charged.net - full.net,
        vat: charged.vat - full.vat,
        gross: charged.gross - full.gross,
      },
    },
  ];
}
