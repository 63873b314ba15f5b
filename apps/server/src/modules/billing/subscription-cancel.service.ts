import type { BillingOverview, CancelReason } from '@themis/shared';
import { requireBillingAccess } from '../../access/access';
import type { BillingOwner } from '../../access/billing-owner';
import type { UserActor } from '../../access/actor';
import { AppError, notFound } from '../../errors';
import type { Database } from '../../db/client';
import type { BillingContext } from './billing-context';
import { overviewOf } from './billing-overview.service';
import { isFreePlan } from './billing-periods';
import {
  ensureAccount,
  findAccount,
  findLiveSubscription,
  findPlan,
  insertSubscription,
  updateSubscription,
  type SubscriptionRow,
} from './billing.repo';
import { enqueueRenewal } from './renewal-jobs';
import { endSubscription, grantPlan } from './subscription-settle';
import { listPlanRows } from '../../repos/plans.repo';
import { findUserByEmail } from '../../repos/users.repo';

/** The account's active or past-due subscription that its payer may cancel or resume. */
async function paidSubscriptionOf(
  db: Database,
  owner: BillingOwner,
  options: { forUpdate?: boolean } = {},
): Promise<SubscriptionRow> {
  const account = options.forUpdate
    ? await ensureAccount(db, owner, { forUpdate: true })
    : await findAccount(db, owner);
  const live = account ? await findLiveSubscription(db, account.id, options) : undefined;
  if (!live || live.status === 'incomplete') throw notFound('subscription');
  if (live.provider === 'manual') {
    throw new AppError('subscription_exists', 409, 'a grant by hand is changed by support');
  }
  return live;
}

type CancelFields = Pick<
  SubscriptionRow,
  'cancelAtPeriodEnd' | 'cancelReason' | 'cancelComment' | 'canceledAt'
> &
  Partial<Pick<SubscriptionRow, 'pendingPlanId' | 'pendingPeriod'>>;

/**
 * Sets whether the paid subscription ends at its period end: told to Stripe first (outside
 * any transaction: a provider's answer takes time), then written under the account's lock,
 * the order renewals and changes take, and only if that subscription is still the live one.
 * A renewal or change of plan that ended or replaced it meanwhile answers 409, changing
 * nothing here.
 */
async function setCancelAtPeriodEnd(
  ctx: BillingContext,
  owner: BillingOwner,
  fields: CancelFields,
): Promise<void> {
  const seen = await paidSubscriptionOf(ctx.db, owner);
  // Nothing to resume.
  if (!fields.cancelAtPeriodEnd && !seen.cancelAtPeriodEnd) return;
  if (ctx.payments.kind === 'stripe' && seen.providerSubscriptionId) {
    await ctx.payments.setCancelAtPeriodEnd(seen.providerSubscriptionId, fields.cancelAtPeriodEnd);
  }
  await ctx.db.transaction(async (tx) => {
    const live = await paidSubscriptionOf(tx, owner, { forUpdate: true });
    if (live.id !== seen.id) {
      throw new AppError('payment_in_progress', 409, 'the subscription changed meanwhile');
    }
    await updateSubscription(tx, live.id, fields);
  });
}

/**
 * POST /billing/subscription/cancel: active until the period end, then the free plan
 * (spec §4). A waiting downgrade goes with it.
 */
export async function cancelSubscription(options: {
  ctx: BillingContext;
  actor: UserActor;
  organizationId: string | null | undefined;
  reason: CancelReason;
  comment: string;
}): Promise<BillingOverview> {
  const { ctx } = options;
  const { owner } = await requireBillingAccess({ db: ctx.db, ...options });
  await setCancelAtPeriodEnd(ctx, owner, {
    cancelAtPeriodEnd: true,
    cancelReason: options.reason,
    cancelComment: options.comment || null,
    canceledAt: ctx.now(),
    pendingPlanId: null,
    pendingPeriod: null,
  });
  return overviewOf(ctx, owner);
}

/** POST /billing/subscription/resume: a cancelled subscription renews again. */
export async function resumeSubscription(options: {
  ctx: BillingContext;
  actor: UserActor;
  organizationId: string | null | undefined;
}): Promise<BillingOverview> {
  const { ctx } = options;
  const { owner } = await requireBillingAccess({ db: ctx.db, ...options });
  await setCancelAtPeriodEnd(ctx, owner, {
    cancelAtPeriodEnd: false,
    cancelReason: null,
    cancelComment: null,
    canceledAt: null,
  });
  return overviewOf(ctx, owner);
}

/**
 * Support's grant of a plan by hand (architecture §7: a firm paying by bank transfer, a
 * courtesy plan): it replaces whatever the account had, is shown as manual, charges
 * nothing, and ends at `until` when given. A free plan ends the account's subscription.
 */
async function grantPlanByHand(options: {
  ctx: BillingContext;
  owner: BillingOwner;
  planId: string;
  until: Date | null;
}): Promise<void> {
  const { ctx, owner, planId, until } = options;
  const plan = await findPlan(ctx.db, planId);
  if (!plan) throw notFound('plan');
  const now = ctx.now();
  const replaced = await ctx.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, owner, { forUpdate: true });
    const live = await findLiveSubscription(tx, account.id, { forUpdate: true });
    if (live) await endSubscription(ctx, tx, live, 'replaced');
    if (isFreePlan(plan)) {
      await grantPlan(tx, account.id, null);
      return live;
    }
    const subscription = await insertSubscription(tx, {
      accountId: account.id,
      planId: plan.id,
      period: 'monthly',
      status: 'active',
      provider: 'manual',
      amountNet: 0,
      startedAt: now,
      currentPeriodStart: now,
      currentPeriodEnd: until,
      createdAt: now,
    });
    await grantPlan(tx, account.id, plan.id);
    if (until) await enqueueRenewal(tx, subscription.id, until);
    return live;
  });
  if (ctx.payments.kind === 'stripe' && replaced?.providerSubscriptionId) {
    await ctx.payments.cancelNow(replaced.providerSubscriptionId);
  }
}

/**
 * The operator's `user set-plan`: an individual plan named by its code, product name or id,
 * granted by hand to the user with that e-mail.
 */
export async function setPlanByHand(options: {
  ctx: BillingContext;
  email: string;
  plan: string;
  until: Date | null;
}): Promise<{ productName: string; isFree: boolean } | 'no_user' | 'no_plan'> {
  const { ctx } = options;
  const wanted = options.plan.trim().toLowerCase();
  const catalogue = await listPlanRows({ db: ctx.db });
  const plan = catalogue.find(
    (row) =>
      row.scope === 'individual' &&
      (row.code.toLowerCase() === wanted ||
        row.productName.toLowerCase() === wanted ||
        row.id === wanted),
  );
  if (!plan) return 'no_plan';
  const user = await findUserByEmail({ db: ctx.db, email: options.email.trim().toLowerCase() });
  if (!user) return 'no_user';
  await grantPlanByHand({
    ctx,
    owner: { kind: 'user', userId: user.id },
    planId: plan.id,
    until: options.until,
  });
  return { productName: plan.productName, isFree: isFreePlan(plan) };
}
