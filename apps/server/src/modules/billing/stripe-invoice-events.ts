import { VAT_RATE_PERCENT } from '@themis/shared';
import type { Database } from '../../db/client';
import type { StripeInvoiceFacts } from '../../platform/payments/payments';
import type { BillingContext } from './billing-context';
import { queuePaymentFailed } from './billing-notices';
import { netPriceOf, periodEndOf, priceOfGross } from './billing-periods';
import {
  findCard,
  findPayment,
  findPlan,
  findOpenPayment,
  findSubscription,
  findSubscriptionByProviderRef,
  lockSubscriptionByProviderRef,
  insertPayment,
  lockAccountById,
  nextInvoiceNumber,
  updateSubscription,
  type SubscriptionRow,
} from './billing.repo';
import { grantPlan, settlePayment } from './subscription-settle';

/** Invoices made by our own calls (a first payment, an upgrade), which settle them too. */
const MADE_BY_A_CALL = new Set(['subscription_create', 'subscription_update']);

const isRunning = (subscription: SubscriptionRow) =>
  subscription.status === 'active' || subscription.status === 'past_due';

/**
 * The payment an invoice of our own call stands for. Its webhook may come before the call has
 * Stripe's answer (the payment does not name the invoice yet): a first payment is named in
 * the subscription's metadata, an upgrade is the subscription's open payment. Read without
 * locks; the caller locks the payment first, as settling does.
 */
async function paymentOfCall(tx: Database, invoice: StripeInvoiceFacts) {
  const byRef = await findPayment(tx, { providerRef: invoice.id });
  if (byRef || !MADE_BY_A_CALL.has(invoice.billingReason ?? '')) return byRef;
  if (invoice.billingReason === 'subscription_create') {
    return invoice.firstPaymentId ? findPayment(tx, { id: invoice.firstPaymentId }) : undefined;
  }
  const subscription = invoice.subscriptionRef
    ? await findSubscriptionByProviderRef(tx, invoice.subscriptionRef)
    : undefined;
  const open = subscription ? await findOpenPayment(tx, subscription.id) : undefined;
  return open?.kind === 'upgrade' && !open.providerRef ? open : undefined;
}

/**
 * invoice.paid. An invoice of our own call (a first payment or an upgrade, the call still
 * waiting for Stripe's answer or the browser closed after the bank's step) settles that
 * payment once, as the call does; any other is a renewal: an invoice, the next period, a
 * waiting downgrade applied.
 */
export async function handleInvoicePaid(
  ctx: BillingContext,
  tx: Database,
  invoice: StripeInvoiceFacts,
): Promise<void> {
  const found = await paymentOfCall(tx, invoice);
  const recorded = found && (await findPayment(tx, { id: found.id }, { forUpdate: true }));
  if (recorded) {
    if (recorded.status === 'succeeded') return;
    const open = recorded.status === 'pending' || recorded.status === 'requires_action';
    const subscription = await findSubscription(tx, recorded.subscriptionId);
    if (open && subscription && subscription.status !== 'ended') {
      await settleOurInvoice(ctx, tx, recorded.id, invoice);
    } else {
      // Given up here (refused, or left at the bank's step and replaced): refund by hand.
      ctx.log.warn({ paymentId: recorded.id }, 'Stripe was paid for a payment given up');
    }
    return;
  }
  // Not made by our calls (nor a renewal): nothing of ours to settle.
  if (MADE_BY_A_CALL.has(invoice.billingReason ?? '')) return;
  const subscription = invoice.subscriptionRef
    ? await lockSubscriptionByProviderRef(tx, invoice.subscriptionRef)
    : undefined;
  if (!subscription) return;
  if (!isRunning(subscription)) {
    ctx.log.warn({ subscriptionId: subscription.id }, 'Stripe renewed a subscription ended here');
    return;
  }
  await recordRenewal(ctx, tx, subscription, invoice);
}

async function settleOurInvoice(
  ctx: BillingContext,
  tx: Database,
  paymentId: string,
  invoice: StripeInvoiceFacts,
) {
  const period =
    invoice.periodStart && invoice.periodEnd
      ? { start: invoice.periodStart, end: invoice.periodEnd }
      : undefined;
  // settlePayment's own transaction is a savepoint of this one.
  await settlePayment(
    { ...ctx, db: tx },
    paymentId,
    { status: 'succeeded', ref: invoice.id },
    period,
  );
}

async function recordRenewal(
  ctx: BillingContext,
  tx: Database,
  subscription: SubscriptionRow,
  invoice: StripeInvoiceFacts,
) {
  const planId = subscription.pendingPlanId ?? subscription.planId;
  const period = subscription.pendingPeriod ?? subscription.period;
  const plan = await findPlan(tx, planId);
  if (!plan) throw new Error(`plan ${planId} vanished`);
  const account = await lockAccountById(tx, subscription.accountId);
  const card = subscription.cardId ? await findCard(tx, subscription.cardId) : undefined;
  const now = ctx.now();
  const start = invoice.periodStart ?? subscription.currentPeriodEnd ?? now;
  const end = invoice.periodEnd ?? periodEndOf(start, period);
  const charged = priceOfGross(invoice.amountPaid);
  await insertPayment(tx, {
    accountId: subscription.accountId,
    subscriptionId: subscription.id,
    kind: 'renewal',
    status: 'succeeded',
    planId,
    period,
    periodStart: start,
    periodEnd: end,
    amountNet: charged.net,
    amountVat: charged.vat,
    amountGross: charged.gross,
    vatRatePercent: VAT_RATE_PERCENT,
    currency: plan.currency,
    provider: 'stripe',
    providerRef: invoice.id,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    buyer: account.details,
    invoiceNumber: await nextInvoiceNumber(tx, now),
    paidAt: now,
    createdAt: now,
  });
  await updateSubscription(tx, subscription.id, {
    status: 'active',
    planId,
    period,
    amountNet: netPriceOf(plan, period),
    currentPeriodStart: start,
    currentPeriodEnd: end,
    pendingPlanId: null,
    pendingPeriod: null,
    failedRenewals: 0,
    nextRetryAt: null,
  });
  await grantPlan(tx, subscription.accountId, planId);
}

/**
 * invoice.payment_failed of a renewal: past due (the plan stays) until Stripe's next
 * attempt, of which the payer is told. Stripe ends the subscription after its last attempt
 * (customer.subscription.deleted). A first payment's or an upgrade's failure is answered by
 * the call that made it.
 */
export async function handleInvoicePaymentFailed(
  ctx: BillingContext,
  tx: Database,
  invoice: StripeInvoiceFacts,
): Promise<void> {
  if (MADE_BY_A_CALL.has(invoice.billingReason ?? '') || !invoice.subscriptionRef) return;
  const subscription = await lockSubscriptionByProviderRef(tx, invoice.subscriptionRef);
  if (!subscription || !isRunning(subscription)) return;
  const retryAt = invoice.nextPaymentAttempt;
  const updated = await updateSubscription(tx, subscription.id, {
    status: 'past_due',
    failedRenewals: Math.max(invoice.attemptCount, subscription.failedRenewals + 1),
    nextRetryAt: retryAt,
  });
  if (retryAt)
    await queuePaymentFailed(ctx, tx, updated, { amountGross: invoice.amountDue, retryAt });
}
