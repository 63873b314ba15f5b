import type { Database } from '../../db/client';
import type { ChargeResult, PaymentFailureCode } from '../../platform/payments/payments';
import type { BillingContext } from './billing-context';
import { planOwnerOf } from './billing-catalogue';
import { netPriceOf, periodEndOf } from './billing-periods';
import {
  findPayment,
  findPlan,
  findSubscription,
  lockAccountById,
  nextInvoiceNumber,
  setOwnerPlan,
  updatePayment,
  updateSubscription,
  type SubscriptionRow,
} from './billing.repo';
import { queueSubscriptionEnded } from './billing-notices';
import { enqueueRenewal } from './renewal-jobs';

export type SettleOutcome =
  | { status: 'succeeded' }
  | { status: 'requires_action'; clientSecret: string | null }
  | { status: 'failed'; code: PaymentFailureCode };

/** Periods a provider decided (Stripe's own); the sandbox's start when the money comes. */
export interface ProviderPeriod {
  start: Date;
  end: Date;
}

/**
 * Records what the provider said of a payment, once: a payment already settled (a replayed
 * confirmation, a webhook that came first) is answered as it was. A first payment that went
 * through starts the subscription, an upgrade switches it; either gives the plan at once.
 */
export async function settlePayment(
  ctx: BillingContext,
  paymentId: string,
  result: ChargeResult,
  providerPeriod?: ProviderPeriod,
): Promise<SettleOutcome> {
  return ctx.db.transaction(async (tx) => {
    const payment = await findPayment(tx, { id: paymentId }, { forUpdate: true });
    if (!payment) throw new Error(`payment ${paymentId} vanished`);
    if (payment.status === 'succeeded') return { status: 'succeeded' };
    if (payment.status === 'failed') {
      return {
        status: 'failed',
        code: (payment.failureCode ?? 'processing_error') as PaymentFailureCode,
      };
    }
    const ref = result.ref ?? payment.providerRef;
    // The account before the subscription, as a subscribe takes them (else two tabs deadlock).
    await lockAccountById(tx, payment.accountId);
    if (result.status === 'requires_action') {
      await updatePayment(tx, payment.id, { status: 'requires_action', providerRef: ref });
      return { status: 'requires_action', clientSecret: result.clientSecret };
    }
    const subscription = await findSubscription(tx, payment.subscriptionId, { forUpdate: true });
    if (!subscription) throw new Error(`subscription of payment ${paymentId} vanished`);
    if (result.status === 'failed') {
      await updatePayment(tx, payment.id, {
        status: 'failed',
        failureCode: result.code,
        providerRef: ref,
      });
      if (payment.kind === 'subscription') {
        await updateSubscription(tx, subscription.id, { status: 'ended', endedAt: ctx.now() });
      }
      return { status: 'failed', code: result.code };
    }
    const now = ctx.now();
    const start = providerPeriod?.start ?? now;
    const end = providerPeriod?.end ?? periodEndOf(start, payment.period);
    await updatePayment(tx, payment.id, {
      status: 'succeeded',
      providerRef: ref,
      paidAt: now,
      periodStart: start,
      periodEnd: end,
      invoiceNumber: await nextInvoiceNumber(tx, now),
    });
    const plan = await findPlan(tx, payment.planId);
    if (!plan) throw new Error(`plan ${payment.planId} vanished`);
    await updateSubscription(tx, subscription.id, {
      status: 'active',
      planId: plan.id,
      period: payment.period,
      amountNet: netPriceOf(plan, payment.period),
      ...(payment.kind === 'subscription' ? { startedAt: now } : {}),
      currentPeriodStart: start,
      currentPeriodEnd: end,
      pendingPlanId: null,
      pendingPeriod: null,
      cancelAtPeriodEnd: false,
      cancelReason: null,
      cancelComment: null,
      canceledAt: null,
      failedRenewals: 0,
      nextRetryAt: null,
    });
    await grantPlan(tx, subscription.accountId, plan.id);
    if (subscription.provider !== 'stripe') await enqueueRenewal(tx, subscription.id, end);
    return { status: 'succeeded' };
  });
}

/** The plan the owner's limits and encryption option read, changed within `tx`. */
export async function grantPlan(tx: Database, accountId: string, planId: string | null) {
  const account = await lockAccountById(tx, accountId);
  const owner = planOwnerOf(account);
  if (owner) await setOwnerPlan(tx, owner, planId);
}

/** Ends a subscription now: the owner is back on the free plan of their scope. */
export async function endSubscription(
  ctx: BillingContext,
  tx: Database,
  subscription: SubscriptionRow,
  reason: 'canceled' | 'unpaid' | 'replaced',
): Promise<void> {
  await updateSubscription(tx, subscription.id, {
    status: 'ended',
    endedAt: ctx.now(),
    pendingPlanId: null,
    pendingPeriod: null,
    nextRetryAt: null,
  });
  await grantPlan(tx, subscription.accountId, null);
  if (reason !== 'replaced') await queueSubscriptionEnded(ctx, tx, subscription, reason);
}
