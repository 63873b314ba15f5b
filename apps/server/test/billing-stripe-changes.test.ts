import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentCard, PaymentOutcome, Plan } from '@themis/shared';
import type { TestApp } from './app';
import { overview, receiptsOf, startBillingApp } from './billing-fixtures';
import {
  billedAccount,
  deliver,
  deliverAll,
  signInAgain,
  stripeCard,
  stripeSubscriptionOf,
  subscribedWithStripe,
} from './billing-stripe-fixtures';
import type { StripeStandIn } from './stripe-server';

// A Stripe subscription changed: upgrades charged at once (prorated, the cycle restarting,
// applied only once paid), downgrades at the period end through a schedule, cancelling and
// resuming, and support's grant by hand ending it.

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

const seen = (method: string, path: string) =>
  stripe.requests.filter((r) => r.method === method && r.path === path);

/** Pro bought on 2 March; the user comes back on 12 March to upgrade to Expert. */
async function upgradingOn12March(paymentMethod?: string) {
  clock = new Date('2026-03-02T09:00:00.000Z');
  const account = await billedAccount(t);
  const { stripeSubscription } = await subscribedWithStripe(t, account.client, plans.pro!);
  stripe.takeEvents();
  clock = new Date('2026-03-12T09:00:00.000Z');
  const client = await signInAgain(t, account);
  if (paymentMethod) await stripeCard(client, paymentMethod);
  const upgrade = () =>
    client.post('/api/billing/subscription/change', {
      plan_pk: plans.expert!.pk,
      period: 'monthly',
    });
  return { client, stripeSubscription, upgrade };
}

describe('changing the plan', () => {
  it('upgrades at once: prorated, charged now, a new period from now', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await billedAccount(t);
    const { outcome, stripeSubscription } = await subscribedWithStripe(
      t,
      account.client,
      plans.pro!,
    );
    stripe.takeEvents();
    clock = new Date('2026-03-12T09:00:00.000Z');
    const client = await signInAgain(t, account);
    const res = await client.post('/api/billing/subscription/change', {
      plan_pk: plans.expert!.pk,
      period: 'monthly',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'succeeded',
      overview: {
        plan: { code: 'expert' },
        subscription: {
          current_period_start: '2026-03-12T09:00:00.000Z',
          current_period_end: '2026-04-12T09:00:00.000Z',
          amount: { gross: 19900 },
        },
      },
    });
    const update = seen('POST', `/v1/subscriptions/${stripeSubscription}`).at(-1)!;
    expect(update.params).toMatchObject({
      proration_behavior: 'always_invoice',
      billing_cycle_anchor: { type: 'now' },
      payment_behavior: 'pending_if_incomplete',
    });
    // What Stripe charged: 199.00 less 21 of 31 days of 99.00.
    const invoice = stripe.state.invoices.get(
      stripe.subscription(stripeSubscription).latestInvoice!,
    )!;
    expect(invoice.amountDue).toBe(19900 - Math.round((9900 * 21) / 31));
    await deliverAll(t, stripe, clock);
    const receipts = await receiptsOf(client);
    expect(receipts.map((r) => [r.kind, r.amount.gross])).toEqual([
      ['upgrade', invoice.amountDue],
      ['subscription', 9900],
    ]);
    expect(outcome.overview.subscription?.pk).toBeTruthy();
  });

  it('downgrades at the period end through a schedule, withdrawn by choosing the plan again', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const { client } = await billedAccount(t);
    const { stripeSubscription } = await subscribedWithStripe(t, client, plans.expert!);
    const down = await client.post('/api/billing/subscription/change', {
      plan_pk: plans.pro!.pk,
      period: 'monthly',
    });
    expect(down.json()).toMatchObject({
      status: 'scheduled',
      overview: { plan: { code: 'expert' } },
    });
    const scheduleId = stripe.subscription(stripeSubscription).schedule!;
    const phases = stripe.state.schedules.get(scheduleId)!.phases;
    expect(phases.map((p) => p.price.unit_amount)).toEqual([19900, 9900]);
    expect(phases[1]!.start).toBe(Date.parse('2026-04-02T09:00:00.000Z') / 1000);
    const back = await client.post('/api/billing/subscription/change', {
      plan_pk: plans.expert!.pk,
      period: 'monthly',
    });
    expect(back.json().overview.subscription.pending_change).toBeNull();
    expect(stripe.subscription(stripeSubscription).schedule).toBeNull();
    stripe.takeEvents();
  });
});

describe('an upgrade whose webhook comes before Stripe answers the call', () => {
  it('is settled once, by whichever comes first', async () => {
    const { client, stripeSubscription, upgrade } = await upgradingOn12March();
    const raced: number[] = [];
    let planDuringTheCall = '';
    stripe.beforeAnswer = async (request) => {
      if (request.path !== `/v1/subscriptions/${stripeSubscription}` || !request.params.items) {
        return;
      }
      for (const event of stripe.takeEvents()) {
        raced.push((await deliver(t, clock, event)).statusCode);
      }
      planDuringTheCall = (await overview(client)).plan.code;
    };
    try {
      expect((await upgrade()).json()).toMatchObject({
        status: 'succeeded',
        overview: { plan: { code: 'expert' } },
      });
    } finally {
      stripe.beforeAnswer = null;
    }
    expect(raced.length).toBeGreaterThan(0);
    expect(raced.every((status) => status === 200)).toBe(true);
    expect(planDuringTheCall).toBe('expert');
    expect((await receiptsOf(client)).map((r) => r.kind)).toEqual(['upgrade', 'subscription']);
  });
});

describe('an upgrade the bank or the card refuses', () => {
  it('is refused with the card code, leaving the plan, and voided at Stripe', async () => {
    const { client, stripeSubscription, upgrade } = await upgradingOn12March(
      'pm_card_chargeCustomerFail',
    );
    const res = await upgrade();
    expect([res.statusCode, res.json().detail]).toEqual([402, 'card_declined']);
    expect(await overview(client)).toMatchObject({
      plan: { code: 'pro' },
      subscription: { current_period_end: '2026-04-02T09:00:00.000Z' },
    });
    const held = stripe.subscription(stripeSubscription);
    expect(held.price.unit_amount).toBe(9900);
    expect(stripe.state.invoices.get(held.latestInvoice!)?.status).toBe('void');
    await deliverAll(t, stripe, clock);
    expect((await receiptsOf(client)).map((r) => r.kind)).toEqual(['subscription']);
  });

  it("takes effect after the bank's step, in the period Stripe started", async () => {
    const { client, stripeSubscription, upgrade } = await upgradingOn12March(
      'pm_card_authenticationRequired',
    );
    const res = await upgrade();
    const outcome = res.json() as PaymentOutcome;
    expect(outcome).toMatchObject({
      status: 'requires_action',
      overview: { plan: { code: 'pro' } },
    });
    expect(stripe.subscription(stripeSubscription).pending).not.toBeNull();
    stripe.authenticate(outcome.client_secret!, 'complete');
    const done = await client.post(`/api/billing/payment/confirm/${outcome.payment_pk}`, {});
    expect(done.json()).toMatchObject({
      status: 'succeeded',
      overview: {
        plan: { code: 'expert' },
        subscription: {
          current_period_start: '2026-03-12T09:00:00.000Z',
          current_period_end: '2026-04-12T09:00:00.000Z',
        },
      },
    });
    await deliverAll(t, stripe, clock);
    expect((await receiptsOf(client)).map((r) => r.kind)).toEqual(['upgrade', 'subscription']);
  });

  it('is paid by another saved card when the payer chooses it', async () => {
    const { client, stripeSubscription } = await upgradingOn12March('pm_card_chargeCustomerFail');
    const cards = (await client.get('/api/billing/card/list')).json() as PaymentCard[];
    const visa = cards.find((card) => card.last4 === '4242')!;
    const res = await client.post('/api/billing/subscription/change', {
      plan_pk: plans.expert!.pk,
      period: 'monthly',
      card_pk: visa.pk,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().overview).toMatchObject({
      plan: { code: 'expert' },
      subscription: { card: { pk: visa.pk } },
    });
    const update = seen('POST', `/v1/subscriptions/${stripeSubscription}`);
    expect(update.some((request) => request.params.default_payment_method)).toBe(true);
    await deliverAll(t, stripe, clock);
    expect((await receiptsOf(client)).map((r) => [r.kind, r.card?.last4])).toEqual([
      ['upgrade', '4242'],
      ['subscription', '4242'],
    ]);
  });

  it('renews again when a cancelled subscription is upgraded', async () => {
    const { client, stripeSubscription, upgrade } = await upgradingOn12March();
    await client.post('/api/billing/subscription/cancel', { reason: 'other' });
    expect(stripe.subscription(stripeSubscription).cancelAtPeriodEnd).toBe(true);
    expect((await upgrade()).json().status).toBe('succeeded');
    expect(stripe.subscription(stripeSubscription).cancelAtPeriodEnd).toBe(false);
    expect((await overview(client)).subscription?.cancel_at_period_end).toBe(false);
    stripe.takeEvents();
  });
});

describe('cancelling', () => {
  it('reaches Stripe, and resuming does too', async () => {
    const { client } = await billedAccount(t);
    const { stripeSubscription } = await subscribedWithStripe(t, client, plans.pro!);
    const cancel = await client.post('/api/billing/subscription/cancel', { reason: 'not_using' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(stripe.subscription(stripeSubscription).cancelAtPeriodEnd).toBe(true);
    const calls = seen('POST', `/v1/subscriptions/${stripeSubscription}`);
    expect(calls.at(-1)!.params).toEqual({ cancel_at_period_end: 'true' });
    const resume = await client.post('/api/billing/subscription/resume', {});
    expect(resume.json().subscription.cancel_at_period_end).toBe(false);
    expect(stripe.subscription(stripeSubscription).cancelAtPeriodEnd).toBe(false);
    await deliverAll(t, stripe, clock);
    expect((await overview(client)).subscription?.cancel_at_period_end).toBe(false);
  });

  it('ends the Stripe subscription at once when support grants a plan by hand', async () => {
    const account = await billedAccount(t);
    const { outcome } = await subscribedWithStripe(t, account.client, plans.pro!);
    const stripeSubscription = await stripeSubscriptionOf(t, outcome);
    const { runOperatorCommand } = await import('../src/operator/commands');
    await runOperatorCommand({
      db: t.database.db,
      config: t.config,
      now: clock,
      args: ['user', 'set-plan', account.email, 'expert'],
    });
    expect(stripe.subscription(stripeSubscription).status).toBe('canceled');
    await deliverAll(t, stripe, clock);
    expect(await overview(account.client)).toMatchObject({
      plan: { code: 'expert' },
      subscription: { source: 'manual' },
    });
  });
});
