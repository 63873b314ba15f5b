import { priceOf, VAT_RATE_PERCENT } from '@themis/shared';
import type { Database } from '../../db/client';
import { hurryJobs, JobDeferred, type JobHandlers } from '../../platform/jobs/job-queue';
import type { ChargeResult } from '../../platform/payments/payments';
import type { BillingContext } from './billing-context';
import { planOwnerOf } from './billing-catalogue';
import { netPriceOf, periodEndOf } from './billing-periods';
import { queuePaymentFailed } from './billing-notices';
import { isOwnerActive } from './billing-owners.repo';
import {
  findCard,
  findOpenPayment,
  findPlan,
  findSubscription,
  insertPayment,
  listCards,
  lockAccountById,
  nextInvoiceNumber,
  updatePayment,
  updateSubscription,
  type PaymentRow,
  type SubscriptionRow,
} from './billing.repo';
import { enqueueRenewal, RENEWAL_JOB, ZRenewalPayload } from './renewal-jobs';
import { endSubscription, grantPlan } from './subscription-settle';

const DAY_MS = 86_400_000;
/** After a renewal fails, tried again this long after the period end; then the plan ends. */
const RENEWAL_RETRY_DELAYS_MS = [1 * DAY_MS, 3 * DAY_MS, 7 * DAY_MS] as const;

const dueOf = (subscription: SubscriptionRow) =>
  subscription.status === 'past_due' ? subscription.nextRetryAt : subscription.currentPeriodEnd;

/** A new card for a subscription past due: its renewal is tried again at once. */
export async function retryPastDueNow(tx: Database, subscriptionId: string, now: Date) {
  await updateSubscription(tx, subscriptionId, { nextRetryAt: now });
  await enqueueRenewal(tx, subscriptionId, now);
  await hurryJobs(tx, { type: RENEWAL_JOB, field: 'subscriptionId', value: subscriptionId });
}

async function ownerIsGone(tx: Database, accountId: string): Promise<boolean> {
  const owner = planOwnerOf(await lockAccountById(tx, accountId));
  if (!owner) return true;
  return !(await isOwnerActive({ db: tx, owner }));
}

/**
 * Opens the renewal's payment under the subscription's lock, or ends what is not to be
 * renewed. Undefined: nothing to charge (stale job, ended, or already settled).
 */
async function prepareRenewal(
  ctx: BillingContext,
  subscriptionId: string,
  due: string,
): Promise<{ payment: PaymentRow; cardRef: string | null } | undefined> {
  const unlocked = await findSubscription(ctx.db, subscriptionId);
  if (!unlocked) return undefined;
  return ctx.db.transaction(async (tx) => {
    // The account before the subscription, in the order every billing change takes them.
    await lockAccountById(tx, unlocked.accountId);
    const subscription = await findSubscription(tx, subscriptionId, { forUpdate: true });
    if (!subscription || !['active', 'past_due'].includes(subscription.status)) return undefined;
    if (subscription.provider === 'stripe') return undefined;
    const currentDue = dueOf(subscription);
    if (!currentDue || currentDue.toISOString() !== due) return undefined;
    const now = ctx.now();
    if (currentDue.getTime() > now.getTime()) {
      throw new JobDeferred(currentDue.getTime() - now.getTime(), 'renewal not due yet');
    }
    if (await ownerIsGone(tx, subscription.accountId)) {
      await endSubscription(ctx, tx, subscription, 'replaced');
      return undefined;
    }
    if (subscription.cancelAtPeriodEnd || subscription.provider === 'manual') {
      await endSubscription(ctx, tx, subscription, 'canceled');
      return undefined;
    }
    // A run that stopped after opening the payment charges it again under the same key.
    const open = await findOpenPayment(tx, subscription.id);
    if (open?.kind === 'renewal') {
      const openCard = subscription.cardId ? await findCard(tx, subscription.cardId) : undefined;
      return { payment: open, cardRef: openCard?.providerRef ?? null };
    }
    const planId = subscription.pendingPlanId ?? subscription.planId;
    const period = subscription.pendingPeriod ?? subscription.period;
    const plan = await findPlan(tx, planId);
    if (!plan) throw new Error(`plan ${planId} vanished`);
    const card =
      (subscription.cardId ? await findCard(tx, subscription.cardId) : undefined) ??
      (await listCards(tx, subscription.accountId))[0];
    const account = await lockAccountById(tx, subscription.accountId);
    const start = subscription.currentPeriodEnd ?? now;
    const price = priceOf(netPriceOf(plan, period));
    const payment = await insertPayment(tx, {
      accountId: subscription.accountId,
      subscriptionId: subscription.id,
      kind: 'renewal',
      status: 'pending',
      planId,
      period,
      periodStart: start,
      periodEnd: periodEndOf(start, period),
      amountNet: price.net,
      amountVat: price.vat,
      amountGross: price.gross,
      vatRatePercent: VAT_RATE_PERCENT,
      currency: plan.currency,
      provider: subscription.provider,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      buyer: account.details,
      createdAt: now,
    });
    return { payment, cardRef: card?.providerRef ?? null };
  });
}

async function chargeRenewal(
  ctx: BillingContext,
  payment: PaymentRow,
  cardRef: string | null,
): Promise<ChargeResult> {
  if (!cardRef || ctx.payments.kind !== 'sandbox') {
    return { status: 'failed', ref: null, code: 'card_declined' };
  }
  try {
    return await ctx.payments.charge({
      customerRef: null,
      cardRef,
      amountGross: payment.amountGross,
      currency: payment.currency,
      description: `Themis renewal ${payment.periodStart.toISOString().slice(0, 10)}`,
      offSession: true,
      idempotencyKey: payment.id,
    });
  } catch (error) {
    ctx.log.warn({ err: error, paymentId: payment.id }, 'renewal charge failed to run');
    return { status: 'failed', ref: null, code: 'processing_error' };
  }
}

async function settleRenewal(ctx: BillingContext, payment: PaymentRow, result: ChargeResult) {
  await ctx.db.transaction(async (tx) => {
    await lockAccountById(tx, payment.accountId);
    const subscription = await findSubscription(tx, payment.subscriptionId, { forUpdate: true });
    if (!subscription) return;
    const now = ctx.now();
    if (result.status !== 'failed') {
      // Off the session nobody can authenticate: a bank that asks is a refusal.
      const paid = result.status === 'succeeded';
      if (!paid) {
        return recordFailure(ctx, tx, subscription, payment, {
          status: 'failed',
          ref: result.ref,
          code: 'authentication_failed',
        });
      }
      await updatePayment(tx, payment.id, {
        status: 'succeeded',
        providerRef: result.ref,
        paidAt: now,
        invoiceNumber: await nextInvoiceNumber(tx, now),
      });
      await updateSubscription(tx, subscription.id, {
        status: 'active',
        planId: payment.planId,
        period: payment.period,
        amountNet: payment.amountNet,
        currentPeriodStart: payment.periodStart,
        currentPeriodEnd: payment.periodEnd,
        pendingPlanId: null,
        pendingPeriod: null,
        failedRenewals: 0,
        nextRetryAt: null,
      });
      await grantPlan(tx, subscription.accountId, payment.planId);
      await enqueueRenewal(tx, subscription.id, payment.periodEnd);
      return;
    }
    await recordFailure(ctx, tx, subscription, payment, result);
  });
}

async function recordFailure(
  ctx: BillingContext,
  tx: Database,
  subscription: SubscriptionRow,
  payment: PaymentRow,
  result: Extract<ChargeResult, { status: 'failed' }>,
) {
  await updatePayment(tx, payment.id, {
    status: 'failed',
    failureCode: result.code,
    providerRef: result.ref,
  });
  const failures = subscription.failedRenewals + 1;
  const delay = RENEWAL_RETRY_DELAYS_MS[failures - 1];
  if (delay === undefined) {
    await endSubscription(ctx, tx, subscription, 'unpaid');
    return;
  }
  const periodEnd = subscription.currentPeriodEnd ?? ctx.now();
  const retryAt = new Date(Math.max(periodEnd.getTime() + delay, ctx.now().getTime()));
  const updated = await updateSubscription(tx, subscription.id, {
    status: 'past_due',
    failedRenewals: failures,
    nextRetryAt: retryAt,
  });
  await enqueueRenewal(tx, subscription.id, retryAt);
  await queuePaymentFailed(ctx, tx, updated, { amountGross: payment.amountGross, retryAt });
}

/** The durable job: a sandbox or manual subscription's period end, or a retry. */
async function renewSubscription(ctx: BillingContext, payload: unknown): Promise<void> {
  const { subscriptionId, due } = ZRenewalPayload.parse(payload);
  const prepared = await prepareRenewal(ctx, subscriptionId, due);
  if (!prepared) return;
  const result = await chargeRenewal(ctx, prepared.payment, prepared.cardRef);
  await settleRenewal(ctx, prepared.payment, result);
}

export const billingJobHandlers = (ctx: BillingContext): JobHandlers => ({
  [RENEWAL_JOB]: (payload) => renewSubscription(ctx, payload),
});
