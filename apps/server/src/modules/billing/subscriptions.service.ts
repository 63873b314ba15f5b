import {
  priceOf,
  VAT_RATE_PERCENT,
  type PaymentOutcome,
  type SubscribeRequest,
  type SubscriptionChangeRequest,
} from '@themis/shared';
import { requireBillingAccess, requireBillingRecordAccess } from '../../access/access';
import type { BillingOwner } from '../../access/billing-owner';
import type { UserActor } from '../../access/actor';
import { isDatabaseError, UNIQUE_VIOLATION } from '../../db/constraint-errors';
import { AppError, notFound } from '../../errors';
import type { ChargeResult, PaymentFailureCode } from '../../platform/payments/payments';
import { requirePayments, type BillingContext } from './billing-context';
import { loadPlans, purchasablePlan } from './billing-catalogue';
import { overviewOf } from './billing-overview.service';
import { changeKindOf, netPriceOf, periodEndOf, upgradeChargeOf } from './billing-periods';
import {
  ensureAccount,
  findCard,
  findLiveSubscription,
  findOpenPayment,
  findPayment,
  insertPayment,
  insertSubscription,
  listCards,
  makeDefaultCard,
  updatePayment,
  updateSubscription,
  type PaymentCardRow,
  type PaymentRow,
} from './billing.repo';
import {
  chargeWithStripe,
  confirmWithStripe,
  giveUpAtStripe,
  scheduleWithStripe,
} from './stripe-billing';
import {
  endSubscription,
  settlePayment,
  type ProviderPeriod,
  type SettleOutcome,
} from './subscription-settle';

/** A first payment left waiting this long (a closed tab at the bank's step) is given up. */
const OPEN_PAYMENT_TTL_MS = 15 * 60_000;

const paymentInProgress = () =>
  new AppError('payment_in_progress', 409, 'a payment for this account is in progress');

async function outcomeOf(
  ctx: BillingContext,
  owner: BillingOwner,
  paymentId: string | null,
  settled: SettleOutcome | { status: 'scheduled' },
): Promise<PaymentOutcome> {
  if (settled.status === 'failed') throw new AppError(settled.code, 402, 'payment refused');
  return {
    status: settled.status,
    payment_pk: paymentId,
    client_secret: settled.status === 'requires_action' ? settled.clientSecret : null,
    overview: await overviewOf(ctx, owner),
  };
}

/** The charge itself, outside any transaction: a provider's answer takes its time. */
async function charge(
  ctx: BillingContext,
  payment: PaymentRow,
  card: PaymentCardRow,
): Promise<{ result: ChargeResult; period?: ProviderPeriod }> {
  if (payment.amountGross === 0 && ctx.payments.kind === 'sandbox') {
    return { result: { status: 'succeeded', ref: null } };
  }
  try {
    if (ctx.payments.kind === 'stripe') return await chargeWithStripe(ctx, ctx.payments, payment);
    const result = await ctx.payments.charge({
      customerRef: null,
      cardRef: card.providerRef,
      amountGross: payment.amountGross,
      currency: payment.currency,
      description: `Themis ${payment.kind}`,
      offSession: false,
      idempotencyKey: payment.id,
    });
    return { result };
  } catch (error) {
    ctx.log.warn({ err: error, paymentId: payment.id }, 'charge failed to run');
    return { result: { status: 'failed', ref: null, code: 'processing_error' } };
  }
}

function paymentValues(
  payment: Omit<
    Parameters<typeof insertPayment>[1],
    'amountNet' | 'amountVat' | 'amountGross' | 'vatRatePercent' | 'cardBrand' | 'cardLast4'
  >,
  net: number,
  card: PaymentCardRow,
) {
  const price = priceOf(net);
  return {
    ...payment,
    amountNet: price.net,
    amountVat: price.vat,
    amountGross: price.gross,
    vatRatePercent: VAT_RATE_PERCENT,
    cardBrand: card.brand,
    cardLast4: card.last4,
  };
}

/**
 * POST /billing/subscribe: a paid plan charged now to a saved card. One live subscription an
 * account (the account's lock, then the unique index): a second tab gets 409, never a second
 * subscription or charge.
 */
export async function subscribe(options: {
  ctx: BillingContext;
  actor: UserActor;
  request: SubscribeRequest;
}): Promise<PaymentOutcome> {
  const { ctx, request } = options;
  const { owner } = await requireBillingAccess({
    db: ctx.db,
    actor: options.actor,
    organizationId: request.organization_pk,
  });
  requirePayments(ctx);
  const plan = purchasablePlan(await loadPlans(ctx.db), request.plan_pk, owner);
  const now = ctx.now();
  const opened = await ctx.db
    .transaction(async (tx) => {
      const account = await ensureAccount(tx, owner, { forUpdate: true });
      const card = await findCard(tx, request.card_pk);
      if (!card || card.accountId !== account.id) throw notFound('card');
      if (!account.details) throw new AppError('billing_details_missing', 400);
      const live = await findLiveSubscription(tx, account.id, { forUpdate: true });
      let abandoned: { paymentRef: string | null; subscriptionRef: string | null } | undefined;
      if (live) {
        const stale = now.getTime() - live.createdAt.getTime() > OPEN_PAYMENT_TTL_MS;
        if (live.provider === 'manual' || (live.status === 'incomplete' && stale)) {
          await endSubscription(ctx, tx, live, 'replaced');
          const open = await findOpenPayment(tx, live.id);
          abandoned = {
            paymentRef: open?.providerRef ?? null,
            subscriptionRef: live.providerSubscriptionId,
          };
        } else if (live.status === 'incomplete') {
          throw paymentInProgress();
        } else {
          throw new AppError('subscription_exists', 409, 'the account has a subscription');
        }
      }
      const end = periodEndOf(now, request.period);
      const subscription = await insertSubscription(tx, {
        accountId: account.id,
        planId: plan.id,
        period: request.period,
        status: 'incomplete',
        provider: ctx.payments.kind,
        cardId: card.id,
        amountNet: netPriceOf(plan, request.period),
        startedAt: now,
        currentPeriodStart: now,
        currentPeriodEnd: end,
        createdAt: now,
      });
      const payment = await insertPayment(
        tx,
        paymentValues(
          {
            accountId: account.id,
            subscriptionId: subscription.id,
            kind: 'subscription',
            status: 'pending',
            planId: plan.id,
            period: request.period,
            periodStart: now,
            periodEnd: end,
            currency: plan.currency,
            provider: ctx.payments.kind,
            buyer: account.details,
            createdAt: now,
          },
          netPriceOf(plan, request.period),
          card,
        ),
      );
      return { payment, card, abandoned };
    })
    .catch((error: unknown) => {
      if (isDatabaseError(error, UNIQUE_VIOLATION)) throw paymentInProgress();
      throw error;
    });
  if (ctx.payments.kind === 'stripe' && opened.abandoned) {
    const { paymentRef, subscriptionRef } = opened.abandoned;
    await giveUpAtStripe(ctx, ctx.payments, paymentRef, subscriptionRef);
  }
  const { result, period } = await charge(ctx, opened.payment, opened.card);
  const settled = await settlePayment(ctx, opened.payment.id, result, period);
  return outcomeOf(ctx, owner, opened.payment.id, settled);
}

/**
 * POST /billing/subscription/change: an upgrade is charged now (the rest of the paid
 * period credited) and starts a new period; a downgrade waits for the period end; the
 * current plan and period again withdraw a waiting downgrade.
 */
export async function changeSubscription(options: {
  ctx: BillingContext;
  actor: UserActor;
  request: SubscriptionChangeRequest;
}): Promise<PaymentOutcome> {
  const { ctx, request } = options;
  const { owner } = await requireBillingAccess({
    db: ctx.db,
    actor: options.actor,
    organizationId: request.organization_pk,
  });
  requirePayments(ctx);
  const catalogue = await loadPlans(ctx.db);
  const plan = purchasablePlan(catalogue, request.plan_pk, owner);
  const now = ctx.now();
  const prepared = await ctx.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, owner, { forUpdate: true });
    const live = await findLiveSubscription(tx, account.id, { forUpdate: true });
    if (!live || live.status === 'incomplete') throw notFound('subscription');
    if (live.provider === 'manual') {
      throw new AppError('subscription_exists', 409, 'a grant by hand is changed by support');
    }
    // A card chosen on the payment page pays the upgrade and every renewal after it.
    const chosenCard = request.card_pk ? await findCard(tx, request.card_pk) : undefined;
    if (request.card_pk) {
      if (chosenCard?.accountId !== account.id || chosenCard.provider !== live.provider) {
        throw notFound('card');
      }
      await makeDefaultCard(tx, account.id, chosenCard.id);
      if (chosenCard.id !== live.cardId) {
        await updateSubscription(tx, live.id, { cardId: chosenCard.id });
      }
    }
    const newCard = chosenCard && chosenCard.id !== live.cardId ? chosenCard : undefined;
    const currentPlan = catalogue.get(live.planId);
    if (!currentPlan) throw new Error(`plan ${live.planId} vanished`);
    const kind = changeKindOf(
      { plan: currentPlan, period: live.period },
      { plan, period: request.period },
    );
    if (kind === 'unchanged') {
      await updateSubscription(tx, live.id, { pendingPlanId: null, pendingPeriod: null });
      return { kind, live, newCard } as const;
    }
    if (kind === 'downgrade') {
      await updateSubscription(tx, live.id, {
        pendingPlanId: plan.id,
        pendingPeriod: request.period,
        cancelAtPeriodEnd: false,
        cancelReason: null,
        cancelComment: null,
        canceledAt: null,
      });
      return { kind, live, newCard } as const;
    }
    const open = await findOpenPayment(tx, live.id);
    if (open && now.getTime() - open.createdAt.getTime() < OPEN_PAYMENT_TTL_MS) {
      throw paymentInProgress();
    }
    if (open)
      await updatePayment(tx, open.id, { status: 'failed', failureCode: 'processing_error' });
    const abandonedRef = open?.providerRef ?? null;
    const card =
      chosenCard ??
      (live.cardId ? await findCard(tx, live.cardId) : undefined) ??
      (await listCards(tx, account.id))[0];
    if (!card || !account.details) throw new AppError('billing_details_missing', 400);
    const fullNet = netPriceOf(plan, request.period);
    const paidUntil = live.currentPeriodEnd ?? now;
    const net = upgradeChargeOf({
      newNet: fullNet,
      paidNet: live.amountNet,
      periodStart: live.currentPeriodStart,
      periodEnd: paidUntil,
      now,
    }).net;
    const payment = await insertPayment(
      tx,
      paymentValues(
        {
          accountId: account.id,
          subscriptionId: live.id,
          kind: 'upgrade',
          status: 'pending',
          planId: plan.id,
          period: request.period,
          periodStart: now,
          periodEnd: periodEndOf(now, request.period),
          currency: plan.currency,
          provider: live.provider,
          buyer: account.details,
          // The invoice shows the credit on a line of its own.
          proration: {
            credited_plan_id: live.planId,
            credited_from: now.toISOString(),
            credited_until: paidUntil.toISOString(),
            full_net: fullNet,
          },
          createdAt: now,
        },
        net,
        card,
      ),
    );
    return { kind, live, newCard, payment, card, abandonedRef } as const;
  });
  const subscriptionRef = prepared.live.providerSubscriptionId;
  if (ctx.payments.kind === 'stripe' && prepared.newCard && subscriptionRef) {
    await ctx.payments.setDefaultCard(subscriptionRef, prepared.newCard.providerRef);
  }
  if (prepared.kind !== 'upgrade') {
    if (ctx.payments.kind === 'stripe' && prepared.live.providerSubscriptionId) {
      await scheduleWithStripe(ctx, ctx.payments, prepared.live, catalogue);
    }
    return outcomeOf(ctx, owner, null, {
      status: prepared.kind === 'unchanged' ? 'succeeded' : 'scheduled',
    });
  }
  if (ctx.payments.kind === 'stripe' && prepared.abandonedRef) {
    await giveUpAtStripe(ctx, ctx.payments, prepared.abandonedRef, null);
  }
  const { result, period } = await charge(ctx, prepared.payment, prepared.card);
  const settled = await settlePayment(ctx, prepared.payment.id, result, period);
  return outcomeOf(ctx, owner, prepared.payment.id, settled);
}

/**
 * POST /billing/payment/confirm/{payment_pk}: after the bank's step. Asked again, it answers
 * as the first time, and charges nothing more.
 */
export async function confirmPayment(options: {
  ctx: BillingContext;
  actor: UserActor;
  paymentId: string;
  sandboxAuthentication: 'complete' | 'fail' | undefined;
}): Promise<PaymentOutcome> {
  const { ctx, paymentId } = options;
  const { owner } = await requireBillingRecordAccess({
    db: ctx.db,
    actor: options.actor,
    record: { kind: 'payment', id: paymentId },
  });
  const payment = await findPayment(ctx.db, { id: paymentId });
  if (!payment) throw notFound('payment');
  if (payment.status === 'pending') throw paymentInProgress();
  if (payment.status === 'succeeded')
    return outcomeOf(ctx, owner, payment.id, { status: 'succeeded' });
  if (payment.status === 'failed' || !payment.providerRef) {
    const code = (payment.failureCode ?? 'processing_error') as PaymentFailureCode;
    return outcomeOf(ctx, owner, payment.id, { status: 'failed', code });
  }
  if (ctx.payments.kind === 'stripe') {
    const { providerRef } = payment;
    const { result, period } = await confirmWithStripe(ctx, ctx.payments, {
      ...payment,
      providerRef,
    });
    return outcomeOf(ctx, owner, payment.id, await settlePayment(ctx, payment.id, result, period));
  }
  if (!options.sandboxAuthentication) {
    throw new AppError('validation_error', 400, 'the sandbox step needs an outcome');
  }
  const result = ctx.payments.authenticate(payment.providerRef, options.sandboxAuthentication);
  return outcomeOf(ctx, owner, payment.id, await settlePayment(ctx, payment.id, result));
}
