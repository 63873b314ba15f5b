import { eq } from 'drizzle-orm';
import { priceOf } from '@themis/shared';
import { plans, type PlanRow } from '../../db/schema';
import type { ChargeResult, StripePayments } from '../../platform/payments/payments';
import type { BillingContext } from './billing-context';
import { netPriceOf } from './billing-periods';
import type { PlansById } from './billing-presenters';
import {
  findCard,
  findPlan,
  findSubscription,
  lockAccountById,
  updateSubscription,
  type PaymentRow,
  type SubscriptionRow,
} from './billing.repo';
import type { ProviderPeriod } from './subscription-settle';

/** The plan's Stripe product, made the first time the plan is sold through Stripe. */
async function productOf(ctx: BillingContext, stripe: StripePayments, plan: PlanRow) {
  if (plan.stripeProductId) return plan.stripeProductId;
  const productRef = await stripe.ensureProduct({
    id: plan.id,
    name: `Themis ${plan.productName}`,
    productRef: null,
  });
  await ctx.db.update(plans).set({ stripeProductId: productRef }).where(eq(plans.id, plan.id));
  return productRef;
}

/**
 * A first payment or an upgrade through Stripe: Stripe's subscription charges the card
 * (its first invoice, or the prorated invoice of the change) and keeps renewing it.
 */
export async function chargeWithStripe(
  ctx: BillingContext,
  stripe: StripePayments,
  payment: PaymentRow,
): Promise<{ result: ChargeResult; period?: ProviderPeriod }> {
  const subscription = await findSubscription(ctx.db, payment.subscriptionId);
  const plan = await findPlan(ctx.db, payment.planId);
  if (!subscription || !plan) throw new Error(`payment ${payment.id} lost its subscription`);
  const productRef = await productOf(ctx, stripe, plan);
  const gross = priceOf(netPriceOf(plan, payment.period)).gross;
  if (payment.kind === 'subscription') {
    const account = await lockAccountById(ctx.db, payment.accountId);
    if (!account.providerCustomerId) throw new Error('a Stripe card was saved without a customer');
    const state = await stripe.createSubscription({
      customerRef: account.providerCustomerId,
      cardRef: await cardRefOf(ctx, subscription),
      productRef,
      amountGross: gross,
      currency: payment.currency,
      period: payment.period,
      idempotencyKey: payment.id,
    });
    await updateSubscription(ctx.db, subscription.id, { providerSubscriptionId: state.id });
    return {
      result: state.payment ?? { status: 'failed', ref: null, code: 'processing_error' },
      period: { start: state.currentPeriodStart, end: state.currentPeriodEnd },
    };
  }
  if (!subscription.providerSubscriptionId) throw new Error('a Stripe subscription without its id');
  const state = await stripe.changeSubscription({
    subscriptionRef: subscription.providerSubscriptionId,
    productRef,
    amountGross: gross,
    currency: payment.currency,
    period: payment.period,
    now: true,
    idempotencyKey: payment.id,
  });
  return {
    result: state.payment ?? { status: 'succeeded', ref: state.invoiceId },
    period: { start: state.currentPeriodStart, end: state.currentPeriodEnd },
  };
}

async function cardRefOf(ctx: BillingContext, subscription: SubscriptionRow): Promise<string> {
  const card = subscription.cardId ? await findCard(ctx.db, subscription.cardId) : undefined;
  if (!card) throw new Error('a Stripe subscription without a card');
  return card.providerRef;
}

/**
 * A downgrade (or its withdrawal) through Stripe: the price of the next renewals changes,
 * nothing is charged or refunded now.
 */
export async function scheduleWithStripe(
  ctx: BillingContext,
  stripe: StripePayments,
  live: SubscriptionRow,
  catalogue: PlansById,
): Promise<void> {
  const current = await findSubscription(ctx.db, live.id);
  if (!current?.providerSubscriptionId) return;
  const plan = catalogue.get(current.pendingPlanId ?? current.planId);
  if (!plan) throw new Error('the next plan vanished');
  const period = current.pendingPeriod ?? current.period;
  await stripe.changeSubscription({
    subscriptionRef: current.providerSubscriptionId,
    productRef: await productOf(ctx, stripe, plan),
    amountGross: priceOf(netPriceOf(plan, period)).gross,
    currency: plan.currency,
    period,
    now: false,
    idempotencyKey: `${current.id}:${plan.id}:${period}:${Date.now()}`,
  });
}
