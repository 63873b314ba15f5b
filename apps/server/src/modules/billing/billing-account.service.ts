import { isDeepStrictEqual } from 'node:util';
import {
  ZSandboxCardFields,
  type BillingDetails,
  type BillingDetailsRequest,
  type CardCreateRequest,
  type PaymentCard,
} from '@themis/shared';
import { requireBillingAccess, requireBillingRecordAccess } from '../../access/access';
import type { BillingOwner } from '../../access/billing-owner';
import type { UserActor } from '../../access/actor';
import { AppError } from '../../errors';
import type { CardSaveResult } from '../../platform/payments/payments';
import { requirePayments, type BillingContext } from './billing-context';
import { presentCard } from './billing-presenters';
import {
  deleteCard,
  ensureAccount,
  findAccount,
  findLiveSubscription,
  insertDefaultCard,
  listCards,
  promoteNewestCard,
  updateAccount,
  updateSubscription,
  type BillingAccountRow,
} from './billing.repo';
import { copyDetailsToStripe, ensureStripeCustomer } from './stripe-customer';
import { retryPastDueNow } from './renewals.service';

export async function getBillingDetails(options: {
  ctx: BillingContext;
  actor: UserActor;
  organizationId: string | null | undefined;
}): Promise<{ details: BillingDetails | null }> {
  const { ctx } = options;
  const { owner } = await requireBillingAccess({ db: ctx.db, ...options });
  const account = await findAccount(ctx.db, owner);
  return { details: account?.details ?? null };
}

/** `details` were parsed by ZBillingDetailsFields at the route: trimmed, NIP normalized. */
export async function saveBillingDetails(options: {
  ctx: BillingContext;
  actor: UserActor;
  request: BillingDetailsRequest & { company_name: string; nip: string };
}): Promise<{ details: BillingDetails }> {
  const { ctx, request } = options;
  const { owner } = await requireBillingAccess({
    db: ctx.db,
    actor: options.actor,
    organizationId: request.organization_pk,
  });
  const details: BillingDetails = {
    country: request.country,
    city: request.city,
    zip_code: request.zip_code,
    address: request.address,
    phone: request.phone,
    email: request.email,
    first_name: request.first_name,
    last_name: request.last_name,
    company_name: request.company_name,
    nip: request.nip,
  };
  const account = await ensureAccount(ctx.db, owner);
  await updateAccount(ctx.db, account.id, { details });
  if (!isDeepStrictEqual(account.details, details))
    await copyDetailsToStripe(ctx, account, details);
  return { details };
}

export async function listPaymentCards(options: {
  ctx: BillingContext;
  actor: UserActor;
  organizationId: string | null | undefined;
}): Promise<PaymentCard[]> {
  const { ctx } = options;
  const { owner } = await requireBillingAccess({ db: ctx.db, ...options });
  const account = await findAccount(ctx.db, owner);
  return account ? (await listCards(ctx.db, account.id)).map(presentCard) : [];
}

/** Stripe only: the SetupIntent whose secret Elements confirms the new card with. */
export async function createSetupIntent(options: {
  ctx: BillingContext;
  actor: UserActor;
  organizationId: string | null | undefined;
}): Promise<{ client_secret: string }> {
  const { ctx } = options;
  const { owner } = await requireBillingAccess({ db: ctx.db, ...options });
  if (ctx.payments.kind !== 'stripe') throw new AppError('not_found', 404, 'no Stripe here');
  const account = await ensureAccount(ctx.db, owner);
  const customer = await ensureStripeCustomer(ctx, ctx.payments, account, owner);
  const { clientSecret } = await ctx.payments.createSetupIntent(customer);
  return { client_secret: clientSecret };
}

async function saveWithProvider(
  ctx: BillingContext,
  account: BillingAccountRow,
  owner: BillingOwner,
  request: CardCreateRequest,
): Promise<CardSaveResult & { provider: 'sandbox' | 'stripe' }> {
  if (ctx.payments.kind === 'sandbox') {
    if (request.provider !== 'sandbox')
      throw new AppError('validation_error', 400, 'sandbox cards only');
    const card = ZSandboxCardFields.parse(request.card);
    const saved = ctx.payments.saveCard(
      { number: card.number, expMonth: card.exp_month, expYear: card.exp_year, cvc: card.cvc },
      ctx.now(),
    );
    return { ...saved, provider: 'sandbox' };
  }
  if (request.provider !== 'stripe')
    throw new AppError('validation_error', 400, 'Stripe cards only');
  const customer = await ensureStripeCustomer(ctx, ctx.payments, account, owner);
  try {
    const saved = await ctx.payments.attachCard(customer, request.payment_method_id);
    return { ...saved, provider: 'stripe' };
  } catch (error) {
    // Stripe unreachable: the card could not be checked, which the user may try again.
    ctx.log.warn({ err: error }, 'card not saved with Stripe');
    return { ok: false, code: 'processing_error', provider: 'stripe' };
  }
}

/**
 * Saves a card as the account's default, the one renewals charge; a refused card answers
 * 402 with its code. A subscription waiting on a failed renewal is retried with it at once.
 */
export async function createPaymentCard(options: {
  ctx: BillingContext;
  actor: UserActor;
  request: CardCreateRequest;
}): Promise<PaymentCard> {
  const { ctx, request } = options;
  const { owner } = await requireBillingAccess({
    db: ctx.db,
    actor: options.actor,
    organizationId: request.organization_pk,
  });
  requirePayments(ctx);
  const account = await ensureAccount(ctx.db, owner);
  const saved = await saveWithProvider(ctx, account, owner, request);
  if (!saved.ok) throw new AppError(saved.code, 402, 'card refused');
  const card = await ctx.db.transaction(async (tx) => {
    const row = await insertDefaultCard(tx, {
      accountId: account.id,
      provider: saved.provider,
      providerRef: saved.card.ref,
      brand: saved.card.brand,
      last4: saved.card.last4,
      expMonth: saved.card.expMonth,
      expYear: saved.card.expYear,
    });
    const live = await findLiveSubscription(tx, account.id, { forUpdate: true });
    if (live && live.status !== 'incomplete') {
      await updateSubscription(tx, live.id, { cardId: row.id });
      // Stripe retries its own invoices; ours are retried by the renewal job.
      if (live.status === 'past_due' && live.provider !== 'stripe') {
        await retryPastDueNow(tx, live.id, ctx.now());
      }
    }
    return row;
  });
  const live = await findLiveSubscription(ctx.db, account.id);
  if (
    ctx.payments.kind === 'stripe' &&
    live?.providerSubscriptionId &&
    live.status !== 'incomplete'
  ) {
    await ctx.payments.setDefaultCard(live.providerSubscriptionId, card.providerRef);
    if (live.status === 'past_due')
      await ctx.payments.retryOpenInvoice(live.providerSubscriptionId);
  }
  return presentCard(card);
}

/** The card a live subscription renews with stays while it is the account's only card. */
export async function removePaymentCard(options: {
  ctx: BillingContext;
  actor: UserActor;
  cardId: string;
}): Promise<void> {
  const { ctx, cardId } = options;
  const { accountId } = await requireBillingRecordAccess({
    db: ctx.db,
    actor: options.actor,
    record: { kind: 'card', id: cardId },
  });
  const card = await ctx.db.transaction(async (tx) => {
    const live = await findLiveSubscription(tx, accountId, { forUpdate: true });
    const cards = await listCards(tx, accountId);
    const removed = cards.find((row) => row.id === cardId);
    if (!removed) return undefined;
    const others = cards.filter((row) => row.id !== cardId);
    if (live && live.provider !== 'manual' && others.length === 0) {
      throw new AppError('card_in_use', 409, 'the subscription renews with this card');
    }
    await deleteCard(tx, cardId);
    await promoteNewestCard(tx, accountId);
    if (live && live.cardId === cardId) {
      const [next] = await listCards(tx, accountId);
      await updateSubscription(tx, live.id, { cardId: next?.id ?? null });
    }
    return removed;
  });
  if (card?.provider === 'stripe' && ctx.payments.kind === 'stripe') {
    await ctx.payments.detachCard(card.providerRef);
  }
}
