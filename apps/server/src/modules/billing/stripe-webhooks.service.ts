import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { StripeSubscriptionFacts, StripeWebhookEvent } from '../../platform/payments/payments';
import type { BillingContext } from './billing-context';
import {
  lockSubscriptionByProviderRef,
  recordProviderEvent,
  updateSubscription,
} from './billing.repo';
import { handleInvoicePaid, handleInvoicePaymentFailed } from './stripe-invoice-events';
import { endSubscription } from './subscription-settle';

/**
 * POST /billing/webhook/stripe: an event Stripe signed. Each is handled once: its id is
 * recorded in the transaction of its effect, so a replay (Stripe delivers at least once)
 * changes nothing, and a failure leaves it unrecorded for Stripe to deliver again.
 */
export async function receiveStripeWebhook(options: {
  ctx: BillingContext;
  rawBody: Buffer;
  signature: string | undefined;
}): Promise<{ eventId: string; type: string; replayed: boolean }> {
  const { ctx } = options;
  if (ctx.payments.kind !== 'stripe') throw notFound('webhook');
  const event = ctx.payments.verifyWebhook(options.rawBody, options.signature);
  if (!event) throw new AppError('webhook_signature_invalid', 400, 'Stripe-Signature refused');
  // Events arrive in any order: the subscription as Stripe has it now, not as it was then.
  const subscription =
    event.kind === 'subscription_updated'
      ? await ctx.payments.retrieveSubscription(event.subscription.id)
      : undefined;
  return ctx.db.transaction(async (tx) => {
    const first = await recordProviderEvent(tx, {
      provider: 'stripe',
      eventId: event.id,
      type: event.type,
    });
    if (first) await applyEvent(ctx, tx, event, subscription);
    return { eventId: event.id, type: event.type, replayed: !first };
  });
}

async function applyEvent(
  ctx: BillingContext,
  tx: Database,
  event: StripeWebhookEvent,
  current: StripeSubscriptionFacts | undefined,
) {
  switch (event.kind) {
    case 'invoice_paid':
      return handleInvoicePaid(ctx, tx, event.invoice);
    case 'invoice_payment_failed':
      return handleInvoicePaymentFailed(ctx, tx, event.invoice);
    case 'subscription_deleted':
      return handleSubscriptionDeleted(ctx, tx, event.subscription);
    case 'subscription_updated':
      return handleSubscriptionUpdated(ctx, tx, current ?? event.subscription);
    case 'unhandled':
      return undefined;
  }
}

/** Stripe ended it (cancelled at the period end, or unpaid after its last attempt): Free. */
async function handleSubscriptionDeleted(
  ctx: BillingContext,
  tx: Database,
  facts: StripeSubscriptionFacts,
) {
  const subscription = await lockSubscriptionByProviderRef(tx, facts.id);
  if (!subscription || subscription.status === 'ended') return;
  if (subscription.status === 'incomplete') {
    // Its first payment never went through: nothing was granted, nobody is told.
    await updateSubscription(tx, subscription.id, { status: 'ended', endedAt: ctx.now() });
    return;
  }
  const reason = subscription.status === 'past_due' ? 'unpaid' : 'canceled';
  await endSubscription(ctx, tx, subscription, reason);
}

/**
 * A change made at Stripe (its dashboard, a pending upgrade applied after the bank's step):
 * the cancellation follows Stripe's, and the period moves on with Stripe's while it is paid
 * for (a past-due one keeps the period it paid, as a sandbox one does).
 */
async function handleSubscriptionUpdated(
  ctx: BillingContext,
  tx: Database,
  facts: StripeSubscriptionFacts,
) {
  const subscription = await lockSubscriptionByProviderRef(tx, facts.id);
  if (!subscription || !['active', 'past_due'].includes(subscription.status)) return;
  const patch: Parameters<typeof updateSubscription>[2] = {};
  if (facts.cancelAtPeriodEnd !== subscription.cancelAtPeriodEnd) {
    patch.cancelAtPeriodEnd = facts.cancelAtPeriodEnd;
    if (facts.cancelAtPeriodEnd) {
      Object.assign(patch, { canceledAt: ctx.now(), pendingPlanId: null, pendingPeriod: null });
    } else {
      Object.assign(patch, { cancelReason: null, cancelComment: null, canceledAt: null });
    }
  }
  const currentEnd = subscription.currentPeriodEnd?.getTime() ?? 0;
  if (facts.status === 'active' && facts.currentPeriodEnd.getTime() > currentEnd) {
    patch.currentPeriodStart = facts.currentPeriodStart;
    patch.currentPeriodEnd = facts.currentPeriodEnd;
  }
  if (Object.keys(patch).length > 0) await updateSubscription(tx, subscription.id, patch);
}
