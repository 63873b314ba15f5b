import type { BillingOwner } from '../../access/billing-owner';
import type { BillingContext } from './billing-context';
import { findAccount, findLiveSubscription, updateSubscription } from './billing.repo';
import { endSubscription } from './subscription-settle';

/**
 * An account deleted, or an organization purged: its subscription ends now and is never
 * charged again. Receipts stay, without their owner (the accounts keep them).
 */
export async function endBillingOfRemovedOwner(
  ctx: BillingContext,
  owner: BillingOwner,
): Promise<void> {
  const account = await findAccount(ctx.db, owner);
  if (!account) return;
  const ended = await ctx.db.transaction(async (tx) => {
    const live = await findLiveSubscription(tx, account.id, { forUpdate: true });
    if (live) await endSubscription(ctx, tx, live, 'replaced');
    return live;
  });
  if (ctx.payments.kind === 'stripe' && ended?.providerSubscriptionId) {
    await ctx.payments.cancelNow(ended.providerSubscriptionId);
  }
}

/**
 * An organization deleted, within its grace period: its plan runs to the period end and is
 * not renewed; restored, its managers resume it from the billing tab.
 */
export async function stopRenewingForDeletedOrganization(
  ctx: BillingContext,
  organizationId: string,
): Promise<void> {
  const account = await findAccount(ctx.db, { kind: 'organization', organizationId });
  const live = account ? await findLiveSubscription(ctx.db, account.id) : undefined;
  if (!live || live.status === 'incomplete' || live.provider === 'manual') return;
  if (ctx.payments.kind === 'stripe' && live.providerSubscriptionId) {
    await ctx.payments.setCancelAtPeriodEnd(live.providerSubscriptionId, true);
  }
  await updateSubscription(ctx.db, live.id, {
    cancelAtPeriodEnd: true,
    cancelReason: 'other',
    cancelComment: 'organization deleted',
    canceledAt: ctx.now(),
    pendingPlanId: null,
    pendingPeriod: null,
  });
}
