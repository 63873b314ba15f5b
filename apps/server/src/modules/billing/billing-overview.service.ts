import { priceOf, type BillingOverview, type BillingPeriod, type Quote } from '@themis/shared';
import { requireBillingAccess } from '../../access/access';
import type { BillingOwner } from '../../access/billing-owner';
import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import { presentPlan } from '../plans';
import type { BillingContext } from './billing-context';
import { defaultPlanOf, loadPlans, purchasablePlan } from './billing-catalogue';
import { changeKindOf, netPriceOf, periodEndOf, upgradeChargeOf } from './billing-periods';
import { presentSubscription } from './billing-presenters';
import { findAccount, findCard, findLiveSubscription, ownerPlanId } from './billing.repo';

/** The plan in force for the owner and the subscription behind it, if any. */
export async function overviewOf(
  ctx: BillingContext,
  owner: BillingOwner,
  db: Database = ctx.db,
): Promise<BillingOverview> {
  const catalogue = await loadPlans(db);
  const planId = await ownerPlanId(db, owner);
  const plan = (planId ? catalogue.get(planId) : undefined) ?? defaultPlanOf(catalogue, owner);
  const account = await findAccount(db, owner);
  const live = account ? await findLiveSubscription(db, account.id) : undefined;
  const shown = live && live.status !== 'incomplete' ? live : undefined;
  const card = shown?.cardId ? await findCard(db, shown.cardId) : undefined;
  return {
    organization_pk: owner.kind === 'organization' ? owner.organizationId : null,
    plan: presentPlan(plan),
    subscription: shown ? presentSubscription(shown, catalogue, card) : null,
    provider: ctx.payments.kind,
  };
}

export async function billingOverview(options: {
  ctx: BillingContext;
  actor: UserActor;
  organizationId: string | null | undefined;
}): Promise<BillingOverview> {
  const { owner } = await requireBillingAccess({ db: options.ctx.db, ...options });
  return overviewOf(options.ctx, owner);
}

/** What choosing a plan would do now: the payment page's summary. */
export async function quotePlan(options: {
  ctx: BillingContext;
  actor: UserActor;
  organizationId: string | null | undefined;
  planId: string;
  period: BillingPeriod;
}): Promise<Quote> {
  const { ctx, planId, period } = options;
  const { owner } = await requireBillingAccess({ db: ctx.db, ...options });
  const catalogue = await loadPlans(ctx.db);
  const plan = purchasablePlan(catalogue, planId, owner);
  const now = ctx.now();
  const renewal = priceOf(netPriceOf(plan, period));
  const account = await findAccount(ctx.db, owner);
  const live = account ? await findLiveSubscription(ctx.db, account.id) : undefined;
  const base = { plan: presentPlan(plan), period, renewal_amount: renewal };
  const current = live && live.status !== 'incomplete' ? live : undefined;
  const currentPlan = current ? catalogue.get(current.planId) : undefined;
  if (!current || !currentPlan || current.provider === 'manual') {
    return {
      ...base,
      kind: 'subscribe',
      charge_now: renewal,
      effective_at: now.toISOString(),
      period_end: periodEndOf(now, period).toISOString(),
    };
  }
  const kind = changeKindOf({ plan: currentPlan, period: current.period }, { plan, period });
  const periodEnd = current.currentPeriodEnd ?? now;
  if (kind === 'upgrade') {
    return {
      ...base,
      kind,
      charge_now: upgradeChargeOf({
        newNet: renewal.net,
        paidNet: current.amountNet,
        periodStart: current.currentPeriodStart,
        periodEnd,
        now,
      }),
      effective_at: now.toISOString(),
      period_end: periodEndOf(now, period).toISOString(),
    };
  }
  return {
    ...base,
    kind,
    charge_now: priceOf(0),
    effective_at: (kind === 'unchanged' ? now : periodEnd).toISOString(),
    period_end: (kind === 'unchanged' ? periodEnd : periodEndOf(periodEnd, period)).toISOString(),
  };
}
