import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '@themis/shared';
import { payments } from '../src/db/schema';
import { Client, signedUpClient } from './accounts';
import type { TestApp } from './app';
import {
  CARDS,
  overview,
  receiptsOf,
  runBillingJobs,
  savedCard,
  signInAs,
  startBillingApp,
  subscribed,
} from './billing-fixtures';

// Changing a subscription's plan with a controllable clock: upgrades charged at once with the
// rest of the period credited (to the card the payer picks), downgrades at the period end,
// and tabs racing an upgrade.

let clock = new Date('2026-03-02T09:00:00.000Z');
let t: TestApp;
let plans: Record<string, Plan>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, plans, close } = await startBillingApp(() => clock));
});
afterAll(() => close());

/** Moves the clock to `at` and signs in anew, as the user coming back then would. */
async function comeBackAt(account: { email: string }, at: string): Promise<Client> {
  clock = new Date(at);
  return signInAs(t, account.email);
}

describe('changing the plan', () => {
  it('upgrades at once, charging the new price less the unused days, to the cent', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    await subscribed(account.client, plans.pro!, 'monthly');
    const client = await comeBackAt(account, '2026-03-12T09:00:00.000Z');

    const quote = await client.get(`/api/billing/quote?plan_pk=${plans.expert!.pk}&period=monthly`);
    // 21 of 31 days left of 80.49 net: a credit of 54.53, so 161.79 − 54.53 = 107.26 net.
    expect(quote.json()).toMatchObject({
      kind: 'upgrade',
      charge_now: { net: 10726, vat: 2467, gross: 13193 },
      renewal_amount: { net: 16179, vat: 3721, gross: 19900 },
      period_end: '2026-04-12T09:00:00.000Z',
    });
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
    expect((await client.get('/api/usage/current')).json().limit_tokens).toBe(
      plans.expert!.monthly_token_limit,
    );
    const [upgrade] = await receiptsOf(client);
    expect(upgrade).toMatchObject({
      kind: 'upgrade',
      amount: { net: 10726, vat: 2467, gross: 13193 },
    });
  });

  it('moves to yearly billing of the same plan at once, credited the same way', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    await subscribed(account.client, plans.pro!, 'monthly');
    const client = await comeBackAt(account, '2026-03-12T09:00:00.000Z');
    const res = await client.post('/api/billing/subscription/change', {
      plan_pk: plans.pro!.pk,
      period: 'yearly',
    });
    expect(res.json().overview.subscription).toMatchObject({
      period: 'yearly',
      current_period_end: '2027-03-12T09:00:00.000Z',
    });
    expect((await receiptsOf(client))[0]?.amount).toEqual({ net: 75035, vat: 17258, gross: 92293 });
  });

  it('downgrades at the period end, charging the lower price then', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    await subscribed(account.client, plans.expert!, 'monthly');
    const res = await account.client.post('/api/billing/subscription/change', {
      plan_pk: plans.pro!.pk,
      period: 'monthly',
    });
    expect(res.json()).toMatchObject({
      status: 'scheduled',
      payment_pk: null,
      overview: {
        plan: { code: 'expert' },
        subscription: { pending_change: { plan: { code: 'pro' }, period: 'monthly' } },
      },
    });
    const client = await comeBackAt(account, '2026-04-02T09:00:00.000Z');
    await runBillingJobs(t);
    expect(await overview(client)).toMatchObject({
      plan: { code: 'pro' },
      subscription: { pending_change: null, amount: { gross: 9900 } },
    });
    expect((await receiptsOf(client)).map((r) => [r.kind, r.plan_name, r.amount.gross])).toEqual([
      ['renewal', 'Pro', 9900],
      ['subscription', 'Expert', 19900],
    ]);
  });

  it('withdraws a waiting downgrade when the current plan is chosen again', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    await subscribed(account.client, plans.pro!, 'yearly');
    const monthly = await account.client.post('/api/billing/subscription/change', {
      plan_pk: plans.pro!.pk,
      period: 'monthly',
    });
    expect(monthly.json().status).toBe('scheduled');
    const back = await account.client.post('/api/billing/subscription/change', {
      plan_pk: plans.pro!.pk,
      period: 'yearly',
    });
    expect(back.json()).toMatchObject({
      status: 'succeeded',
      overview: { subscription: { pending_change: null } },
    });
  });

  it('charges an upgrade to the saved card chosen, which then renews the subscription', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    const first = await subscribed(account.client, plans.pro!, 'monthly');
    const visa = first.overview.subscription!.card!;
    const client = await comeBackAt(account, '2026-03-12T09:00:00.000Z');
    // A newer card becomes the one renewals charge; this one is refused when charged.
    const failing = await savedCard(client, CARDS.chargeFails);
    expect((await overview(client)).subscription?.card?.pk).toBe(failing.pk);
    const stranger = await savedCard((await signedUpClient(t)).client);

    const change = (card_pk: string) =>
      client.post('/api/billing/subscription/change', {
        plan_pk: plans.expert!.pk,
        period: 'monthly',
        card_pk,
      });
    const foreign = await change(stranger.pk);
    expect([foreign.statusCode, foreign.json().detail]).toEqual([404, 'not_found']);
    const refused = await change(failing.pk);
    expect([refused.statusCode, refused.json().detail]).toEqual([402, 'card_declined']);
    expect((await overview(client)).plan.code).toBe('pro');

    const paid = await change(visa.pk);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().overview).toMatchObject({
      plan: { code: 'expert' },
      subscription: { card: { pk: visa.pk, last4: '4242' } },
    });
    const [upgrade] = await receiptsOf(client);
    expect(upgrade).toMatchObject({ kind: 'upgrade', card: { last4: '4242' } });
    const cards = (await client.get('/api/billing/card/list')).json() as {
      pk: string;
      is_default: boolean;
    }[];
    expect(cards.filter((card) => card.is_default).map((card) => card.pk)).toEqual([visa.pk]);

    // The next renewal charges the chosen card, not the newer one.
    const later = await comeBackAt(account, '2026-04-12T09:00:00.000Z');
    await runBillingJobs(t);
    expect(await overview(later)).toMatchObject({ subscription: { status: 'active' } });
    expect((await receiptsOf(later))[0]).toMatchObject({
      kind: 'renewal',
      card: { last4: '4242' },
    });
  });

  it('charges an upgrade once, however many tabs ask at the same moment', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    const first = await subscribed(account.client, plans.pro!, 'monthly');
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        account.client.post('/api/billing/subscription/change', {
          plan_pk: plans.expert!.pk,
          period: 'monthly',
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    // The others find the plan already changed, or wait their turn in vain: never a 500.
    for (const res of answers.filter((answer) => answer.statusCode !== 200)) {
      expect([res.statusCode, typeof res.json().detail]).toEqual([409, 'string']);
    }
    const upgrades = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, first.overview.subscription!.pk));
    expect(
      upgrades.filter((row) => row.kind === 'upgrade' && row.status === 'succeeded'),
    ).toHaveLength(1);
  });
});
