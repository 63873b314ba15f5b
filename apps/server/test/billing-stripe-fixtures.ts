import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { PaymentCard, PaymentOutcome, Plan } from '@themis/shared';
import { subscriptions } from '../src/db/schema';
import { Client, signedUpClient, uniqueEmail } from './accounts';
import type { TestApp } from './app';
import { DETAILS, signInAs } from './billing-fixtures';
import { STRIPE_WEBHOOK_SECRET, type StripeEvent, type StripeStandIn } from './stripe-server';

// Shared by the Stripe tests: cards saved as the payment page saves them (a SetupIntent, then
// the PaymentMethod Stripe.js confirmed), and webhooks signed as Stripe signs them.

export type Account = Awaited<ReturnType<typeof signedUpClient>> & { billingEmail: string };

/** A signed-up user with billing details of their own (their own address for notices). */
export async function billedAccount(t: TestApp): Promise<Account> {
  const account = await signedUpClient(t);
  const billingEmail = uniqueEmail('billing');
  const res = await account.client.put('/api/billing/details', { ...DETAILS, email: billingEmail });
  expect(res.statusCode, res.body).toBe(200);
  return { ...account, billingEmail };
}

/** Signs in anew as the user coming back; the account's client is the new one from then on. */
export async function signInAgain(t: TestApp, account: Account): Promise<Client> {
  account.client = await signInAs(t, account.email);
  return account.client;
}

export function saveStripeCard(client: Client, paymentMethodId: string) {
  return client.post('/api/billing/card/create', {
    provider: 'stripe',
    payment_method_id: paymentMethodId,
  });
}

/** The payment page's way: a SetupIntent first, then the card Stripe.js confirmed with it. */
export async function stripeCard(client: Client, paymentMethodId = 'pm_card_visa') {
  const intent = await client.post('/api/billing/card/setup-intent', {});
  expect(intent.statusCode, intent.body).toBe(200);
  const res = await saveStripeCard(client, paymentMethodId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PaymentCard;
}

export function subscribeTo(client: Client, plan: Plan, card: PaymentCard, period = 'monthly') {
  return client.post('/api/billing/subscribe', { plan_pk: plan.pk, period, card_pk: card.pk });
}

/** A card that pays and the plan bought; the outcome and Stripe's subscription id. */
export async function subscribedWithStripe(
  t: TestApp,
  client: Client,
  plan: Plan,
  paymentMethodId = 'pm_card_visa',
): Promise<{ outcome: PaymentOutcome; stripeSubscription: string }> {
  const card = await stripeCard(client, paymentMethodId);
  const res = await subscribeTo(client, plan, card);
  expect(res.statusCode, res.body).toBe(200);
  const outcome = res.json() as PaymentOutcome;
  expect(outcome.status).toBe('succeeded');
  return { outcome, stripeSubscription: await stripeSubscriptionOf(t, outcome) };
}

export async function stripeSubscriptionOf(t: TestApp, outcome: PaymentOutcome) {
  const [row] = await t.database.db
    .select({ ref: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(eq(subscriptions.id, outcome.overview.subscription!.pk));
  expect(row?.ref).toMatch(/^sub_/);
  return row!.ref!;
}

/**
 * Posts an event to the webhook as Stripe does: the raw JSON body and its Stripe-Signature,
 * made by the SDK's test helper at the app's clock (or as told, to forge or age it).
 */
export function deliver(
  t: TestApp,
  at: Date,
  event: StripeEvent,
  options: { secret?: string; signedAt?: Date; signature?: string | null; body?: string } = {},
) {
  const payload = JSON.stringify(event, null, 2);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
          timestamp: Math.floor((options.signedAt ?? at).getTime() / 1000),
        })
      : options.signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature !== null && { 'stripe-signature': signature }),
    },
    payload: options.body ?? payload,
  });
}

/** Delivers every event Stripe would have sent since the last delivery; each must be taken. */
export async function deliverAll(t: TestApp, stripe: StripeStandIn, at: Date) {
  const events = stripe.takeEvents();
  for (const event of events) {
    const res = await deliver(t, at, event);
    expect([event.type, res.statusCode, res.body]).toEqual([event.type, 200, '{"status":"ok"}']);
  }
  return events;
}
