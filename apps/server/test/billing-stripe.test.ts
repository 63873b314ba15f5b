import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentCard, PaymentOutcome, Plan } from '@themis/shared';
import { signedUpClient } from './accounts';
import { anotherInstance, type TestApp } from './app';
import { DETAILS, overview, receiptsOf, startBillingApp } from './billing-fixtures';
import {
  billedAccount,
  deliverAll,
  saveStripeCard,
  stripeCard,
  subscribedWithStripe,
  subscribeTo,
} from './billing-stripe-fixtures';
import { STRIPE_PUBLISHABLE_KEY, type StripeStandIn } from './stripe-server';

// Card payments through Stripe, against a local stand-in for Stripe's API: saving a card with
// a SetupIntent, subscribing (paid, declined, or after the bank's step), upgrades charged at
// once, downgrades at the period end, cancelling and resuming.

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

const paymentNamedIn = (metadata: unknown) =>
  (metadata as Record<string, string>).themis_payment_id;

const seen = (method: string, path: string | RegExp) =>
  stripe.requests.filter(
    (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
  );

describe('the app with Stripe configured', () => {
  it('gives the browser the publishable key and says the provider is Stripe', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'themis-web-'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html><head></head><body></body></html>',
    );
    const web = await anotherInstance(t, stripe.env, { webDistDir: dist });
    try {
      const page = await web.inject('/');
      expect(page.body).toContain(`"stripePublishableKey":"${STRIPE_PUBLISHABLE_KEY}"`);
      // Stripe.js, its card frames and its API are allowed by the page's policy.
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    } finally {
      await web.close();
      await rm(dist, { recursive: true, force: true });
    }
    const config = (await t.app.inject('/api/runtime-config')).json();
    expect(config.stripePublishableKey).toBe(STRIPE_PUBLISHABLE_KEY);
    const { client } = await signedUpClient(t);
    expect(await overview(client)).toMatchObject({ provider: 'stripe', plan: { code: 'free' } });
  });

  it('documents the webhook in the API description', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const webhook = doc.paths['/api/billing/webhook/stripe'].post;
    expect(webhook.summary).toMatch(/Stripe/);
    expect(webhook.description).toContain('webhook_signature_invalid');
  });
});

describe('saving a card', () => {
  it('makes one customer per account and SetupIntents for cards used off the session', async () => {
    const { client } = await billedAccount(t);
    const first = await client.post('/api/billing/card/setup-intent', {});
    const second = await client.post('/api/billing/card/setup-intent', {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().client_secret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(second.json().client_secret).not.toBe(first.json().client_secret);
    const intents = seen('POST', '/v1/setup_intents').slice(-2);
    expect(intents.map((r) => r.params.customer)).toEqual([
      intents[0]!.params.customer,
      intents[0]!.params.customer,
    ]);
    expect(intents[0]!.params).toMatchObject({
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
    });
    const customer = stripe.state.customers.get(String(intents[0]!.params.customer));
    expect(customer?.email).toMatch(/^billing\./);
  });

  it("copies changed billing details to the account's Stripe customer", async () => {
    const { client } = await billedAccount(t);
    await client.post('/api/billing/card/setup-intent', {});
    const [intent] = seen('POST', '/v1/setup_intents').slice(-1);
    const customerId = String(intent!.params.customer);
    const updates = () => seen('POST', `/v1/customers/${customerId}`).length;
    const before = updates();
    const changed = {
      ...DETAILS,
      email: 'ksiegowosc@kancelaria.example',
      company_name: 'Kancelaria Nowak',
      nip: '5260001246',
    };
    expect((await client.put('/api/billing/details', changed)).statusCode).toBe(200);
    expect(stripe.state.customers.get(customerId)).toMatchObject({
      email: 'ksiegowosc@kancelaria.example',
      name: 'Kancelaria Nowak',
      phone: DETAILS.phone,
      address: {
        country: 'PL',
        city: DETAILS.city,
        postal_code: DETAILS.zip_code,
        line1: DETAILS.address,
      },
    });
    // The same details again (each payment saves them) reach Stripe no more.
    expect((await client.put('/api/billing/details', changed)).statusCode).toBe(200);
    expect(updates()).toBe(before + 1);
  });

  it("keeps the card Stripe confirmed as the customer's default, brand and last four only", async () => {
    const { client } = await billedAccount(t);
    const card = await stripeCard(client, 'pm_card_visa');
    expect(card).toMatchObject({
      provider: 'stripe',
      brand: 'visa',
      last4: '4242',
      is_default: true,
    });
    const list = (await client.get('/api/billing/card/list')).json() as PaymentCard[];
    expect(list.map((c) => c.pk)).toEqual([card.pk]);
    const customer = [...stripe.state.customers.values()].find((c) => c.defaultPaymentMethod);
    expect(customer).toBeDefined();
    const removed = await client.delete(`/api/billing/card/delete/${card.pk}`);
    expect(removed.statusCode).toBe(200);
    expect(seen('POST', /^\/v1\/payment_methods\/pm_\w+\/detach$/).length).toBeGreaterThan(0);
  });

  it.each([
    ['pm_card_chargeDeclined', 'card_declined'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc'],
    ['pm_card_chargeDeclinedProcessingError', 'processing_error'],
    ['pm_doesNotExist', 'card_declined'],
  ])('refuses %s with %s and keeps nothing', async (paymentMethod, code) => {
    const { client } = await billedAccount(t);
    const res = await saveStripeCard(client, paymentMethod);
    expect([res.statusCode, res.json().detail]).toEqual([402, code]);
    expect((await client.get('/api/billing/card/list')).json()).toEqual([]);
  });

  it("refuses the sandbox's card fields and another customer's card", async () => {
    const other = await billedAccount(t);
    const othersCard = await stripeCard(other.client);
    const refs = [...stripe.state.paymentMethods.values()].map((m) => m.id);
    const { client } = await billedAccount(t);
    const sandbox = await client.post('/api/billing/card/create', {
      provider: 'sandbox',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    expect([sandbox.statusCode, sandbox.json().detail]).toEqual([400, 'validation_error']);
    await client.post('/api/billing/card/setup-intent', {});
    const stolen = await saveStripeCard(client, refs.at(-1)!);
    expect([stolen.statusCode, stolen.json().detail]).toEqual([402, 'card_declined']);
    expect(othersCard.last4).toBe('4242');
  });
});

describe('subscribing', () => {
  it('charges the gross price in PLN through a Stripe subscription and gives the plan at once', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const { client } = await billedAccount(t);
    const { outcome, stripeSubscription } = await subscribedWithStripe(t, client, plans.pro!);
    expect(outcome.overview).toMatchObject({
      provider: 'stripe',
      plan: { code: 'pro' },
      subscription: {
        status: 'active',
        current_period_start: '2026-03-02T09:00:00.000Z',
        current_period_end: '2026-04-02T09:00:00.000Z',
        amount: { gross: 9900 },
        card: { last4: '4242' },
      },
    });
    const created = seen('POST', '/v1/subscriptions').at(-1)!;
    expect(created.params).toMatchObject({
      payment_behavior: 'allow_incomplete',
      items: [
        {
          price_data: {
            currency: 'pln',
            unit_amount: '9900',
            recurring: { interval: 'month' },
            tax_behavior: 'inclusive',
          },
        },
      ],
    });
    expect(stripe.subscription(stripeSubscription).status).toBe('active');
    // Stripe reports the first invoice paid too: it is the same payment, not a second receipt.
    const events = await deliverAll(t, stripe, clock);
    expect(events.map((e) => e.type)).toContain('invoice.paid');
    const receipts = await receiptsOf(client);
    expect(receipts.map((r) => [r.kind, r.amount.gross])).toEqual([['subscription', 9900]]);
    expect(receipts[0]!.number).toMatch(/^FV\/2026\/\d{2}\/\d{4}$/);
  });

  it("settles the first payment once when its webhook comes before Stripe's answer", async () => {
    const { client } = await billedAccount(t);
    const card = await stripeCard(client);
    const raced: string[] = [];
    let planDuringTheCall = '';
    stripe.beforeAnswer = async (request) => {
      if (request.method !== 'POST' || request.path !== '/v1/subscriptions') return;
      raced.push(...(await deliverAll(t, stripe, clock)).map((event) => event.type));
      planDuringTheCall = (await overview(client)).plan.code;
    };
    try {
      const res = await subscribeTo(client, plans.pro!, card);
      expect(res.json()).toMatchObject({
        status: 'succeeded',
        overview: { plan: { code: 'pro' } },
      });
    } finally {
      stripe.beforeAnswer = null;
    }
    // The subscription names our payment, so the webhook found it before the call knew the invoice.
    const payment = String(
      paymentNamedIn(seen('POST', '/v1/subscriptions').at(-1)!.params.metadata),
    );
    expect(payment).toMatch(/^[0-9a-f-]{36}$/);
    expect(raced).toContain('invoice.paid');
    expect(planDuringTheCall).toBe('pro');
    expect((await receiptsOf(client)).map((r) => [r.kind, r.pk])).toEqual([
      ['subscription', payment],
    ]);
  });

  it('makes one Stripe product per plan, kept for later subscriptions', async () => {
    const before = seen('POST', '/v1/products').length;
    await subscribedWithStripe(t, (await billedAccount(t)).client, plans.expert!);
    await subscribedWithStripe(t, (await billedAccount(t)).client, plans.expert!);
    expect(seen('POST', '/v1/products').length - before).toBe(1);
    stripe.takeEvents();
  });

  it('answers a declined card with 402 card_declined, leaving nothing active here or at Stripe', async () => {
    const { client } = await billedAccount(t);
    const card = await stripeCard(client, 'pm_card_chargeCustomerFail');
    const res = await subscribeTo(client, plans.pro!, card);
    expect([res.statusCode, res.json().detail]).toEqual([402, 'card_declined']);
    expect(await overview(client)).toMatchObject({ plan: { code: 'free' }, subscription: null });
    const stripeSubscription = [...stripe.state.subscriptions.values()].at(-1)!;
    expect(stripeSubscription.status).toBe('canceled');
    expect(stripe.state.invoices.get(stripeSubscription.latestInvoice!)?.status).toBe('void');
    expect(await receiptsOf(client)).toEqual([]);
    stripe.takeEvents();
  });
});

describe("the bank's authentication step (3-D Secure)", () => {
  async function waitingForBank() {
    const account = await billedAccount(t);
    const card = await stripeCard(account.client, 'pm_card_authenticationRequired');
    const res = await subscribeTo(account.client, plans.pro!, card);
    expect(res.statusCode, res.body).toBe(200);
    const outcome = res.json() as PaymentOutcome;
    expect(outcome).toMatchObject({ status: 'requires_action', overview: { subscription: null } });
    expect(outcome.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    return { ...account, outcome, confirm: `/api/billing/payment/confirm/${outcome.payment_pk}` };
  }

  it('activates the plan once the browser completed it, charging once', async () => {
    const { client, outcome, confirm } = await waitingForBank();
    const early = await client.post(confirm, {});
    expect(early.json().status).toBe('requires_action');
    stripe.authenticate(outcome.client_secret!, 'complete');
    const done = await client.post(confirm, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'succeeded', overview: { plan: { code: 'pro' } } });
    await deliverAll(t, stripe, clock);
    expect((await client.post(confirm, {})).json().status).toBe('succeeded');
    expect(await receiptsOf(client)).toHaveLength(1);
  });

  it('is settled by the webhook when the tab closed after the step', async () => {
    const { client, outcome, confirm } = await waitingForBank();
    stripe.authenticate(outcome.client_secret!, 'complete');
    await deliverAll(t, stripe, clock);
    expect(await overview(client)).toMatchObject({ plan: { code: 'pro' } });
    expect((await client.post(confirm, {})).json().status).toBe('succeeded');
    expect(await receiptsOf(client)).toHaveLength(1);
  });

  it('gives up a step left for 15 minutes, at Stripe too, when the user pays again', async () => {
    const { client } = await waitingForBank();
    const left = [...stripe.state.subscriptions.values()].at(-1)!;
    const saved = clock;
    clock = new Date(saved.getTime() + 16 * 60_000);
    try {
      expect((await client.post('/api/auth/token/refresh')).statusCode).toBe(200);
      const card = await stripeCard(client, 'pm_card_visa');
      const again = await subscribeTo(client, plans.pro!, card);
      expect(again.json().status).toBe('succeeded');
    } finally {
      clock = saved;
    }
    expect(left.status).toBe('canceled');
    expect(stripe.state.invoices.get(left.latestInvoice!)?.status).toBe('void');
    await deliverAll(t, stripe, clock);
    expect(await receiptsOf(client)).toHaveLength(1);
  });

  it('refuses a failed step with authentication_failed and ends the attempt at Stripe', async () => {
    const { client, outcome, confirm } = await waitingForBank();
    stripe.authenticate(outcome.client_secret!, 'fail');
    const failed = await client.post(confirm, {});
    expect([failed.statusCode, failed.json().detail]).toEqual([402, 'authentication_failed']);
    expect(await overview(client)).toMatchObject({ plan: { code: 'free' }, subscription: null });
    const attempt = [...stripe.state.subscriptions.values()].at(-1)!;
    expect(attempt.status).toBe('canceled');
    await deliverAll(t, stripe, clock);
    expect(await receiptsOf(client)).toEqual([]);
  });
});
