import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentCard, PaymentOutcome, Receipt } from '@themis/shared';
import { payments, subscriptions } from '../src/db/schema';
import { signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';
import {
  addCard,
  CARDS,
  catalogue,
  DETAILS,
  overview,
  saveDetails,
  savedCard,
  subscribed,
  subscribeTo,
} from './billing-fixtures';

// The offline sandbox: Stripe's test cards with Stripe's outcomes, the first payment, the
// bank's authentication step, and the plan's limits following at once.

let t: TestApp;
const clock = new Date('2026-01-31T10:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

describe('the catalogue', () => {
  it('is sold through the offline sandbox, as start-up says', () => {
    expect(t.logs.join('')).toContain('payments: the offline sandbox, which charges no card');
  });

  it('lists each plan with monthly and yearly prices net, with 23% VAT and gross', async () => {
    const { client } = await signedUpClient(t);
    const plans = await catalogue(client);
    expect(Object.keys(plans).sort()).toEqual(
      ['business', 'expert', 'free', 'organization_free', 'pro', 'team'].sort(),
    );
    expect(plans.pro).toMatchObject({
      scope: 'individual',
      has_encryption: true,
      vat_rate_percent: 23,
      prices: {
        monthly: { net: 8049, vat: 1851, gross: 9900 },
        yearly: { net: 80488, vat: 18512, gross: 99000 },
      },
    });
    expect(plans.expert?.prices.monthly).toEqual({ net: 16179, vat: 3721, gross: 19900 });
    expect(plans.business).toMatchObject({ scope: 'organization', has_encryption: true });
    expect(plans.business?.prices.yearly).toEqual({ net: 1000000, vat: 230000, gross: 1230000 });
    expect(plans.free).toMatchObject({ is_free: true, has_encryption: false });
    // Any firm may require encryption of its members; only a person's own depends on the plan.
    expect(plans.organization_free).toMatchObject({ is_free: true, has_encryption: true });
  });
});

describe('saving a card', () => {
  it.each([
    [CARDS.declined, 'card_declined'],
    [CARDS.expired, 'expired_card'],
    [CARDS.incorrectCvc, 'incorrect_cvc'],
    [CARDS.processingError, 'processing_error'],
    [CARDS.notLuhn, 'incorrect_number'],
    ['5555 5555 5555 4444', 'card_declined'],
  ])('refuses %s with %s, and keeps nothing', async (number, code) => {
    const { client } = await signedUpClient(t);
    const res = await addCard(client, number);
    expect([res.statusCode, res.json().detail]).toEqual([402, code]);
    expect((await client.get('/api/billing/card/list')).json()).toEqual([]);
  });

  it('refuses a card past its expiry month, and takes one that expires this month', async () => {
    const { client } = await signedUpClient(t);
    const past = await client.post('/api/billing/card/create', {
      provider: 'sandbox',
      card: { number: CARDS.visa, exp_month: 12, exp_year: 2025, cvc: '123' },
    });
    expect([past.statusCode, past.json().detail]).toEqual([402, 'expired_card']);
    const thisMonth = await client.post('/api/billing/card/create', {
      provider: 'sandbox',
      card: { number: CARDS.visa, exp_month: 1, exp_year: 2026, cvc: '123' },
    });
    expect(thisMonth.statusCode, thisMonth.body).toBe(201);
  });

  it('keeps the brand and last four digits only, the newest card the default', async () => {
    const { client } = await signedUpClient(t);
    await savedCard(client, CARDS.visa);
    const second = await savedCard(client, CARDS.authentication);
    const cards = (await client.get('/api/billing/card/list')).json() as PaymentCard[];
    expect(cards.map((card) => [card.brand, card.last4, card.is_default])).toEqual([
      ['visa', '3155', true],
      ['visa', '4242', false],
    ]);
    expect(JSON.stringify(cards)).not.toContain('4242424242424242');
    expect(second.provider).toBe('sandbox');
    const removed = await client.delete(`/api/billing/card/delete/${second.pk}`);
    expect(removed.statusCode).toBe(200);
    const left = (await client.get('/api/billing/card/list')).json() as PaymentCard[];
    expect(left.map((card) => [card.last4, card.is_default])).toEqual([['4242', true]]);
  });

  it('answers a malformed card with validation errors on its fields', async () => {
    const { client } = await signedUpClient(t);
    const res = await client.post('/api/billing/card/create', {
      provider: 'sandbox',
      card: { number: '4242\u0000', exp_month: 13, exp_year: 2030, cvc: '12' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('validation_error');
  });
});

describe('billing details', () => {
  it('are saved as given, NIP normalized, and read back', async () => {
    const { client } = await signedUpClient(t);
    expect((await client.get('/api/billing/details')).json()).toEqual({ details: null });
    await saveDetails(client);
    expect((await client.get('/api/billing/details')).json()).toEqual({
      details: { ...DETAILS, nip: '5260001246' },
    });
  });

  it.each([
    [{ nip: '526-000-12-47' }, 'nip', 'validation.nipInvalid'],
    [{ zip_code: '31042' }, 'zip_code', 'validation.zipCodeInvalid'],
    [{ email: 'faktury@' }, 'email', 'validation.emailInvalid'],
    [{ country: 'P<' }, 'country', 'validation.countryInvalid'],
    [{ nip: '', company_name: '', phone: '12' }, 'phone', 'validation.phoneInvalid'],
    [{ company_name: '' }, 'company_name', 'validation.required'],
  ])('refuses %o on %s, keeping what was saved', async (change, field, message) => {
    const { client } = await signedUpClient(t);
    await saveDetails(client);
    const res = await client.put('/api/billing/details', { ...DETAILS, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'validation_error' });
    expect(res.json().errors[field]).toContain(message);
    expect((await client.get('/api/billing/details')).json().details.nip).toBe('5260001246');
  });

  it('takes any zip code shape abroad and no NIP for a private buyer', async () => {
    const { client } = await signedUpClient(t);
    const res = await client.put('/api/billing/details', {
      ...DETAILS,
      country: 'DE',
      zip_code: '10115',
      nip: '',
      company_name: '',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('subscribing', () => {
  it('charges the gross price, activates the plan at once and issues a receipt', async () => {
    const { client } = await signedUpClient(t);
    const plans = await catalogue(client);
    const before = (await client.get('/api/usage/current')).json();
    expect(before.limit_tokens).toBe(plans.free!.monthly_token_limit);

    const outcome = await subscribed(client, plans.pro!, 'yearly');
    expect(outcome.status).toBe('succeeded');
    expect(outcome.overview.plan.code).toBe('pro');
    expect(outcome.overview.subscription).toMatchObject({
      period: 'yearly',
      status: 'active',
      source: 'paid',
      amount: { net: 80488, vat: 18512, gross: 99000 },
      started_at: clock.toISOString(),
      current_period_end: '2027-01-31T10:00:00.000Z',
      cancel_at_period_end: false,
      card: { brand: 'visa', last4: '4242' },
    });
    expect((await client.get('/api/usage/current')).json().limit_tokens).toBe(
      plans.pro!.monthly_token_limit,
    );
    expect((await client.get('/api/user/get')).json().customer.plan.pk).toBe(plans.pro!.pk);

    const receipts = (await client.get('/api/billing/receipt/list')).json() as Receipt[];
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      kind: 'subscription',
      plan_name: 'Pro',
      period: 'yearly',
      amount: { net: 80488, vat: 18512, gross: 99000 },
      buyer: { company_name: 'Kancelaria Nowak', nip: '5260001246' },
      card: { brand: 'visa', last4: '4242' },
    });
    expect(receipts[0]!.number).toMatch(/^FV\/2026\/\d{2}\/\d{4}$/);
  });

  it('ends a monthly period on the last day of a shorter month', async () => {
    const { client } = await signedUpClient(t);
    const outcome = await subscribed(client, (await catalogue(client)).pro!, 'monthly');
    expect(outcome.overview.subscription?.current_period_end).toBe('2026-02-28T10:00:00.000Z');
  });

  it('needs billing details, a card of the account, and a paid plan of its scope', async () => {
    const { client } = await signedUpClient(t);
    const other = await signedUpClient(t);
    const plans = await catalogue(client);
    const card = await savedCard(client);
    const noDetails = await subscribeTo(client, { plan: plans.pro!, period: 'monthly', card });
    expect([noDetails.statusCode, noDetails.json().detail]).toEqual([
      400,
      'billing_details_missing',
    ]);
    await saveDetails(client);
    const othersCard = await savedCard(other.client);
    const wrongCard = await subscribeTo(client, {
      plan: plans.pro!,
      period: 'monthly',
      card: othersCard,
    });
    expect([wrongCard.statusCode, wrongCard.json().detail]).toEqual([404, 'not_found']);
    for (const plan of [plans.free!, plans.team!]) {
      const res = await subscribeTo(client, { plan, period: 'monthly', card });
      expect([res.statusCode, res.json().detail]).toEqual([404, 'not_found']);
    }
    const unknown = await client.post('/api/billing/subscribe', {
      plan_pk: '00000000-0000-4000-8000-000000000000',
      period: 'monthly',
      card_pk: card.pk,
    });
    expect([unknown.statusCode, unknown.json().detail]).toEqual([404, 'not_found']);
    const badPeriod = await client.post('/api/billing/subscribe', {
      plan_pk: plans.pro!.pk,
      period: 'weekly',
      card_pk: card.pk,
    });
    expect(badPeriod.statusCode).toBe(400);
    expect((await overview(client)).subscription).toBeNull();
  });

  it('refuses a second subscription, and two tabs at once make one subscription and one charge', async () => {
    const { client, user } = await signedUpClient(t);
    const plans = await catalogue(client);
    await saveDetails(client);
    const card = await savedCard(client);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        subscribeTo(client, { plan: plans.pro!, period: 'monthly', card }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(['subscription_exists', 'payment_in_progress']).toContain(res.json().detail);
    }
    const rows = await t.database.db.select().from(subscriptions);
    const mine = (await overview(client)).subscription!;
    expect(rows.filter((row) => row.id === mine.pk)).toHaveLength(1);
    const charges = (await t.database.db.select().from(payments)).filter(
      (row) => row.subscriptionId === mine.pk,
    );
    expect(charges.map((row) => row.status)).toEqual(['succeeded']);
    expect(user.pk).toBeTruthy();
    const again = await subscribeTo(client, { plan: plans.expert!, period: 'monthly', card });
    expect([again.statusCode, again.json().detail]).toEqual([409, 'subscription_exists']);
  });

  it('leaves the user on Free after a card that fails when charged', async () => {
    const { client } = await signedUpClient(t);
    const plans = await catalogue(client);
    await saveDetails(client);
    const card = await savedCard(client, CARDS.chargeFails);
    const res = await subscribeTo(client, { plan: plans.pro!, period: 'monthly', card });
    expect([res.statusCode, res.json().detail]).toEqual([402, 'card_declined']);
    expect(await overview(client)).toMatchObject({ plan: { code: 'free' }, subscription: null });
    // The user fixes it with another card and pays.
    const good = await savedCard(client, CARDS.visa);
    const retry = await subscribeTo(client, { plan: plans.pro!, period: 'monthly', card: good });
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await client.get('/api/billing/receipt/list')).json()).toHaveLength(1);
  });
});

describe("the bank's authentication step", () => {
  async function waitingForBank() {
    const account = await signedUpClient(t);
    const plans = await catalogue(account.client);
    await saveDetails(account.client);
    const card = await savedCard(account.client, CARDS.authentication);
    const res = await subscribeTo(account.client, { plan: plans.pro!, period: 'monthly', card });
    expect(res.statusCode, res.body).toBe(200);
    const outcome = res.json() as PaymentOutcome;
    expect(outcome).toMatchObject({ status: 'requires_action', overview: { subscription: null } });
    return { ...account, outcome, plans, card };
  }

  it('activates the plan once completed, and a repeated confirmation charges nothing more', async () => {
    const { client, outcome } = await waitingForBank();
    expect((await overview(client)).plan.code).toBe('free');
    const url = `/api/billing/payment/confirm/${outcome.payment_pk}`;
    const first = await client.post(url, { sandbox_authentication: 'complete' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'succeeded',
      overview: { plan: { code: 'pro' } },
    });
    const replay = await client.post(url, { sandbox_authentication: 'fail' });
    expect(replay.json().status).toBe('succeeded');
    expect((await client.get('/api/billing/receipt/list')).json()).toHaveLength(1);
  });

  it('refuses a failed step with authentication_failed, and the user can try again', async () => {
    const { client, outcome, plans, card } = await waitingForBank();
    const url = `/api/billing/payment/confirm/${outcome.payment_pk}`;
    const failed = await client.post(url, { sandbox_authentication: 'fail' });
    expect([failed.statusCode, failed.json().detail]).toEqual([402, 'authentication_failed']);
    expect((await overview(client)).subscription).toBeNull();
    const again = await subscribeTo(client, { plan: plans.pro!, period: 'monthly', card });
    expect(again.json().status).toBe('requires_action');
    const done = await client.post(`/api/billing/payment/confirm/${again.json().payment_pk}`, {
      sandbox_authentication: 'complete',
    });
    expect(done.json().status).toBe('succeeded');
  });

  it('holds other tabs off while it waits, and lets go of a step left for 15 minutes', async () => {
    const { client, plans, card } = await waitingForBank();
    const second = await subscribeTo(client, { plan: plans.pro!, period: 'monthly', card });
    expect([second.statusCode, second.json().detail]).toEqual([409, 'payment_in_progress']);
    const saved = clock.getTime();
    clock.setTime(saved + 16 * 60_000);
    try {
      expect((await client.post('/api/auth/token/refresh')).statusCode).toBe(200);
      const later = await subscribeTo(client, { plan: plans.pro!, period: 'monthly', card });
      expect(later.json().status).toBe('requires_action');
    } finally {
      clock.setTime(saved);
    }
  });

  it("is confirmed only by the payment's owner", async () => {
    const { outcome } = await waitingForBank();
    const stranger = await signedUpClient(t);
    const res = await stranger.client.post(`/api/billing/payment/confirm/${outcome.payment_pk}`, {
      sandbox_authentication: 'complete',
    });
    expect([res.statusCode, res.json().detail]).toEqual([404, 'not_found']);
  });
});

describe('the plan follows at once', () => {
  it('gives the encryption option with Pro', async () => {
    const { client } = await signedUpClient(t);
    const refused = await client.post('/api/user/enable-encryption', {});
    expect(refused.json().detail).toBe('not_encrypted_user_product');
    await subscribed(client, (await catalogue(client)).pro!);
    const now = await client.post('/api/user/enable-encryption', {});
    expect(now.json().detail).toBe('encryption_key_missing');
  });
});
