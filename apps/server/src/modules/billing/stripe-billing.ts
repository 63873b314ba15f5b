import { randomUUID } from 'node:crypto';
import { priceOf } from '@themis/shared';
import type { PlanRow } from '../../db/schema';
import { setPlanStripeProduct } from '../../repos/plans.repo';
import {
  PaymentRefusedError,
  type ChargeResult,
  type StripePayments,
  type StripeSubscriptionState,
} from '../../platform/payments/payments';
import type { BillingContext } from './billing-context';
import { netPriceOf, priceOfGross } from './billing-periods';
import type { PlansById } from './billing-presenters';
import {
  findCard,
  findPlan,
  findSubscription,
  lockAccountById,
  updatePayment,
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
  await setPlanStripeProduct({ db: ctx.db, planId: plan.id, productRef });
  return productRef;
}

const periodOf = (state: StripeSubscriptionState): ProviderPeriod => ({
  start: state.currentPeriodStart,
  end: state.currentPeriodEnd,
});

/**
 * A first payment or an upgrade through Stripe: Stripe's subscription charges the card
 * (its first invoice, or the prorated invoice of the change) and keeps renewing it. Our
 * payment stands for that invoice (its providerRef is the invoice's id), so the webhook that
 * reports it paid finds it and issues no second receipt.
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
  const price = {
    productRef,
    amountGross: priceOf(netPriceOf(plan, payment.period)).gross,
    currency: payment.currency,
    period: payment.period,
    idempotencyKey: payment.id,
  };
  try {
    if (payment.kind === 'subscription') {
      const account = await lockAccountById(ctx.db, payment.accountId);
      if (!account.providerCustomerId) throw new Error('a Stripe card saved without a customer');
      const state = await stripe.createSubscription({
        ...price,
        paymentId: payment.id,
        customerRef: account.providerCustomerId,
        cardRef: await cardRefOf(ctx, subscription),
      });
      await updateSubscription(ctx.db, subscription.id, { providerSubscriptionId: state.id });
      const result = state.payment ?? { status: 'failed', ref: null, code: 'processing_error' };
      if (result.status === 'failed') await giveUpAtStripe(ctx, stripe, result.ref, state.id);
      return { result, period: periodOf(state) };
    }
    const subscriptionRef = subscription.providerSubscriptionId;
    if (!subscriptionRef) throw new Error('a Stripe subscription without id');
    // An upgrade renews: a cancellation goes, and comes back if the upgrade is refused.
    const cancelled = subscription.cancelAtPeriodEnd;
    if (cancelled) await stripe.setCancelAtPeriodEnd(subscriptionRef, false);
    const state = await stripe
      .changeSubscription({ ...price, subscriptionRef, now: true })
      .catch(async (error: unknown) => {
        if (cancelled) await stripe.setCancelAtPeriodEnd(subscriptionRef, true);
        throw error;
      });
    const result = state.payment ?? { status: 'failed', ref: null, code: 'processing_error' };
    if (result.status === 'failed') {
      await giveUpAtStripe(ctx, stripe, result.ref, null);
      if (cancelled) await stripe.setCancelAtPeriodEnd(subscriptionRef, true);
    }
    // The receipt says what Stripe charged: its proration is by the second, ours by the ms.
    if (state.amountGross !== null && state.amountGross !== payment.amountGross) {
      const charged = priceOfGross(state.amountGross);
      await updatePayment(ctx.db, payment.id, {
        amountNet: charged.net,
        amountVat: charged.vat,
        amountGross: charged.gross,
      });
    }
    return { result, period: periodOf(state) };
  } catch (error) {
    if (error instanceof PaymentRefusedError) {
      return { result: { status: 'failed', ref: null, code: error.code } };
    }
    throw error;
  }
}

/** After the bank's step: what Stripe says of the payment, with the period it started. */
export async function confirmWithStripe(
  ctx: BillingContext,
  stripe: StripePayments,
  payment: PaymentRow & { providerRef: string },
): Promise<{ result: ChargeResult; period?: ProviderPeriod }> {
  const result = await stripe.retrievePayment(payment.providerRef);
  const subscription = await findSubscription(ctx.db, payment.subscriptionId);
  const subscriptionRef = subscription?.providerSubscriptionId ?? null;
  if (result.status === 'failed') {
    const first = payment.kind === 'subscription';
    await giveUpAtStripe(ctx, stripe, payment.providerRef, first ? subscriptionRef : null);
    // A refused upgrade leaves a cancellation as it was.
    if (!first && subscriptionRef && subscription?.cancelAtPeriodEnd) {
      await stripe.setCancelAtPeriodEnd(subscriptionRef, true);
    }
  }
  if (result.status !== 'succeeded' || !subscriptionRef) return { result };
  const facts = await stripe.retrieveSubscription(subscriptionRef);
  return { result, period: { start: facts.currentPeriodStart, end: facts.currentPeriodEnd } };
}

/**
 * A refused or abandoned payment is made unpayable at Stripe (its invoice voided; a first
 * payment's subscription cancelled), so a late payment cannot take money for nothing.
 * Best effort: Stripe also lets an unpaid first invoice expire after a day.
 */
export async function giveUpAtStripe(
  ctx: BillingContext,
  stripe: StripePayments,
  paymentRef: string | null,
  subscriptionRef: string | null,
): Promise<void> {
  try {
    if (subscriptionRef) await stripe.cancelNow(subscriptionRef);
    if (paymentRef) await stripe.abandonPayment(paymentRef);
  } catch (error) {
    ctx.log.warn({ err: error, paymentRef, subscriptionRef }, 'a Stripe payment not given up');
  }
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
  try {
    await stripe.changeSubscription({
      subscriptionRef: current.providerSubscriptionId,
      productRef: await productOf(ctx, stripe, plan),
      amountGross: priceOf(netPriceOf(plan, period)).gross,
      currency: plan.currency,
      period,
      now: false,
      // Each change is a new intent: a later one must not replay an earlier answer.
      idempotencyKey: `${current.id}:${randomUUID()}`,
    });
  } catch (error) {
    // Stripe renews as before: so does the subscription here.
    await updateSubscription(ctx.db, live.id, {
      pendingPlanId: live.pendingPlanId,
      pendingPeriod: live.pendingPeriod,
      cancelAtPeriodEnd: live.cancelAtPeriodEnd,
      cancelReason: live.cancelReason,
      cancelComment: live.cancelComment,
      canceledAt: live.canceledAt,
    });
    throw error;
  }
}
