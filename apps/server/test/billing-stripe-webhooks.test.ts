import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '@themis/shared';
import { paymentEvents } from '../src/db/schema';
import { lastMailTo } from './accounts';
import type { TestApp } from './app';
import { overview, receiptsOf, startBillingApp } from './billing-fixtures';
import {
  billedAccount,
  deliver,
  deliverAll,
  signInAgain,
  stripeCard,
  subscribeTo,
  subscribedWithStripe,
} from './billing-stripe-fixtures';
import {
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  type StripeEvent,
  type StripeStandIn,
} from './stripe-server';

// Stripe renews its subscriptions and reports by webhook: renewals with their receipts,
// failed payments, subscriptions ended or changed at Stripe. Signatures are checked and each
// event is handled once.

let clock = new Date('2026-03-02T09:00:00.000Z');
let stripe: StripeStandIn;
let t: TestApp;
let plans: Record<string, Plan>;
let close: () => Promise<void>;
beforeAll(async () => {
  const started = await startBillingApp(() => clock, { stripe: true });
  ({ t, plans, close } = started);
  stripe = started.stripe!;
});
afterAll(() => close());

/** A Pro subscription bought on 2 March, its own first invoice's events already delivered. */
async function subscribedAccount(plan: Plan = plans.pro!, paymentMethod = 'pm_card_visa') {
  clock = new Date('2026-03-02T09:00:00.000Z');
  const account = await billedAccount(t);
  const { stripeSubscription } = await subscribedWithStripe(t, account.client, plan, paymentMethod);
  await deliverAll(t, stripe, clock);
  return { ...account, stripeSubscription };
}

const eventOf = (events: StripeEvent[], type: string) => {
  const found = events.find((event) => event.type === type);
  expect(found, type).toBeDefined();
  return found!;
};

describe('a renewal (invoice.paid)', () => {
  it('starts the next period from Stripe’s numbers and issues a receipt, once', async () => {
    const account = await subscribedAccount();
    clock = new Date('2026-04-02T09:00:00.000Z');
    stripe.reachPeriodEnd(account.stripeSubscription);
    const events = stripe.takeEvents();
    const paid = eventOf(events, 'invoice.paid');
    for (const event of events) expect((await deliver(t, clock, event)).statusCode).toBe(200);

    const client = await signInAgain(t, account);
    expect(await overview(client)).toMatchObject({
      plan: { code: 'pro' },
      subscription: {
        status: 'active',
        current_period_start: '2026-04-02T09:00:00.000Z',
        current_period_end: '2026-05-02T09:00:00.000Z',
      },
    });
    const receipts = await receiptsOf(client);
    expect(receipts.map((r) => [r.kind, r.amount, r.period_start])).toEqual([
      ['renewal', { net: 8049, vat: 1851, gross: 9900 }, '2026-04-02T09:00:00.000Z'],
      ['subscription', { net: 8049, vat: 1851, gross: 9900 }, '2026-03-02T09:00:00.000Z'],
    ]);
    expect(receipts[0]).toMatchObject({
      buyer: { company_name: 'Kancelaria Nowak', email: account.billingEmail },
      card: { brand: 'visa', last4: '4242' },
    });
    expect(receipts[0]!.number).not.toBe(receipts[1]!.number);

    // Stripe delivers at least once: the same event again changes nothing.
    const replay = await deliver(t, clock, paid);
    expect([replay.statusCode, replay.json()]).toEqual([200, { status: 'ok' }]);
    expect(await receiptsOf(client)).toHaveLength(2);
  });

  it('applies a downgrade waiting for the period end, at the price Stripe charged', async () => {
    const account = await subscribedAccount(plans.expert!);
    const down = await account.client.post('/api/billing/subscription/change', {
      plan_pk: plans.pro!.pk,
      period: 'monthly',
    });
    expect(down.json().status).toBe('scheduled');
    clock = new Date('2026-04-02T09:00:00.000Z');
    stripe.reachPeriodEnd(account.stripeSubscription);
    await deliverAll(t, stripe, clock);
    const client = await signInAgain(t, account);
    expect(await overview(client)).toMatchObject({
      plan: { code: 'pro' },
      subscription: { pending_change: null, amount: { gross: 9900 } },
    });
    expect((await receiptsOf(client)).map((r) => [r.kind, r.plan_name, r.amount.gross])).toEqual([
      ['renewal', 'Pro', 9900],
      ['subscription', 'Expert', 19900],
    ]);
  });
});

describe('a failed renewal (invoice.payment_failed)', () => {
  it('makes the subscription past due until Stripe’s next attempt, and tells the payer', async () => {
    const account = await subscribedAccount();
    // A card that is saved and then declined when charged, now the one renewals use.
    await stripeCard(account.client, 'pm_card_chargeCustomerFail');
    clock = new Date('2026-04-02T09:00:00.000Z');
    stripe.reachPeriodEnd(account.stripeSubscription);
    const events = await deliverAll(t, stripe, clock);
    const failed = eventOf(events, 'invoice.payment_failed').data.object as {
      next_payment_attempt: number;
    };
    const client = await signInAgain(t, account);
    expect(await overview(client)).toMatchObject({
      plan: { code: 'pro' },
      subscription: {
        status: 'past_due',
        next_retry_at: new Date(failed.next_payment_attempt * 1000).toISOString(),
        current_period_end: '2026-04-02T09:00:00.000Z',
      },
    });
    const mail = await lastMailTo(t, account.billingEmail, (m) =>
      m.subject.includes('did not go through'),
    );
    expect(mail.text).toMatch(/PLN\s99\.00/);
    expect(await receiptsOf(client)).toHaveLength(1);

    // A working card: Stripe is asked to charge the open invoice again at once.
    await stripeCard(client, 'pm_card_mastercard');
    await deliverAll(t, stripe, clock);
    expect((await overview(client)).subscription).toMatchObject({
      status: 'active',
      current_period_start: '2026-04-02T09:00:00.000Z',
      current_period_end: '2026-05-02T09:00:00.000Z',
      card: { last4: '4444' },
    });
    expect((await receiptsOf(client)).map((r) => r.kind)).toEqual(['renewal', 'subscription']);
  });
});

describe('a subscription Stripe ended (customer.subscription.deleted)', () => {
  it('puts an unpaid one back on Free with the e-mail saying why', async () => {
    const account = await subscribedAccount(plans.pro!);
    await stripeCard(account.client, 'pm_card_chargeCustomerFail');
    clock = new Date('2026-04-02T09:00:00.000Z');
    stripe.reachPeriodEnd(account.stripeSubscription);
    await deliverAll(t, stripe, clock);
    clock = new Date('2026-04-23T09:00:00.000Z');
    stripe.cancel(account.stripeSubscription);
    await deliverAll(t, stripe, clock);
    const client = await signInAgain(t, account);
    expect(await overview(client)).toMatchObject({ plan: { code: 'free' }, subscription: null });
    expect((await client.get('/api/usage/current')).json().limit_tokens).toBe(
      plans.free!.monthly_token_limit,
    );
    const mail = await lastMailTo(t, account.billingEmail, (m) => m.subject.includes('has ended'));
    expect(mail.text).toContain('could not be paid');
  });

  it('ends a cancelled one at the period end, as the user asked', async () => {
    const account = await subscribedAccount();
    await account.client.post('/api/billing/subscription/cancel', { reason: 'too_expensive' });
    clock = new Date('2026-04-02T09:00:00.000Z');
    stripe.reachPeriodEnd(account.stripeSubscription);
    await deliverAll(t, stripe, clock);
    const client = await signInAgain(t, account);
    expect(await overview(client)).toMatchObject({ plan: { code: 'free' }, subscription: null });
    const mail = await lastMailTo(t, account.billingEmail, (m) => m.subject.includes('has ended'));
    expect(mail.text).toContain('as you cancelled it');
    expect(await receiptsOf(client)).toHaveLength(1);
  });
});

describe('a subscription changed at Stripe (customer.subscription.updated)', () => {
  it('follows its cancellation as Stripe has it now', async () => {
    const account = await subscribedAccount();
    const held = stripe.subscription(account.stripeSubscription);
    held.cancelAtPeriodEnd = true;
    stripe.state.emit('customer.subscription.updated', held.id);
    await deliverAll(t, stripe, clock);
    expect((await overview(account.client)).subscription?.cancel_at_period_end).toBe(true);
    held.cancelAtPeriodEnd = false;
    stripe.state.emit('customer.subscription.updated', held.id);
    await deliverAll(t, stripe, clock);
    expect((await overview(account.client)).subscription).toMatchObject({
      cancel_at_period_end: false,
      cancel_reason: null,
    });
  });
});

describe('the signature', () => {
  it('is required, must be Stripe’s for these bytes, and recent; a refusal changes nothing', async () => {
    const account = await subscribedAccount();
    clock = new Date('2026-04-02T09:00:00.000Z');
    stripe.reachPeriodEnd(account.stripeSubscription);
    const paid = eventOf(stripe.takeEvents(), 'invoice.paid');
    const before = await t.database.db.select().from(paymentEvents);
    const tampered = JSON.stringify({ ...paid, id: 'evt_tampered' });
    const refusals = [
      await deliver(t, clock, paid, { signature: null }),
      await deliver(t, clock, paid, { signature: 't=1,v1=abc' }),
      await deliver(t, clock, paid, { secret: 'whsec_someone_else' }),
      await deliver(t, clock, paid, { signedAt: new Date(clock.getTime() - 10 * 60_000) }),
      await deliver(t, clock, paid, { body: tampered }),
    ];
    for (const res of refusals) {
      expect([res.statusCode, res.json()]).toEqual([400, { detail: 'webhook_signature_invalid' }]);
    }
    expect(await t.database.db.select().from(paymentEvents)).toEqual(before);
    const client = await signInAgain(t, account);
    expect(await receiptsOf(client)).toHaveLength(1);
    expect((await overview(client)).subscription?.current_period_end).toBe(
      '2026-04-02T09:00:00.000Z',
    );
    // Signed properly, the same event goes through.
    expect((await deliver(t, clock, paid)).statusCode).toBe(200);
    expect(await receiptsOf(client)).toHaveLength(2);
  });

  it('needs no session or same-origin call, and ignores events it does not handle', async () => {
    const account = await subscribedAccount();
    const before = [await overview(account.client), await receiptsOf(account.client)];
    const res = await deliver(t, clock, {
      id: 'evt_other',
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(clock.getTime() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'customer.subscription.trial_will_end',
      data: { object: { id: account.stripeSubscription, object: 'subscription' } },
    });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'ok' }]);
    expect([await overview(account.client), await receiptsOf(account.client)]).toEqual(before);
  });

  it('keeps keys, signatures and client secrets out of the log', async () => {
    // A purchase whose bank asks for its step (a client secret), then its webhooks.
    const account = await billedAccount(t);
    const card = await stripeCard(account.client, 'pm_card_authenticationRequired');
    const outcome = await subscribeTo(account.client, plans.pro!, card);
    expect(outcome.json()).toMatchObject({ status: 'requires_action' });
    stripe.authenticate((outcome.json() as { client_secret: string }).client_secret, 'complete');
    await deliverAll(t, stripe, clock);
    const log = t.logs.join('\n');
    expect(log).toContain('Stripe webhook');
    for (const secret of [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, '_secret_', 'v1=']) {
      expect(log).not.toContain(secret);
    }
  });
});
