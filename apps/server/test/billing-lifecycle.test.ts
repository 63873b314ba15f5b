import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '@themis/shared';
import { payments, subscriptions } from '../src/db/schema';
import { runOperatorCommand } from '../src/operator/commands';
import { Client, lastCodeTo, lastMailTo, PASSWORD, signedUpClient } from './accounts';
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

// A subscription's life with a controllable clock: renewals by the durable job, a failed
// renewal's retries and the return to Free, cancelling to the period end, grants by hand and
// the payer's account going (changes of plan: billing-plan-changes.test.ts).

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

describe('renewal', () => {
  it('charges the saved card at the period end and starts the next period', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    await subscribed(account.client, plans.pro!, 'monthly');

    // Not before the period end, even when the job is run early.
    clock = new Date('2026-04-02T08:59:00.000Z');
    await runBillingJobs(t);
    const client = await comeBackAt(account, '2026-04-02T09:00:00.000Z');
    expect((await receiptsOf(client)).map((r) => r.kind)).toEqual(['subscription']);

    await runBillingJobs(t);
    const after = (await overview(client)).subscription;
    expect(after).toMatchObject({
      status: 'active',
      current_period_start: '2026-04-02T09:00:00.000Z',
      current_period_end: '2026-05-02T09:00:00.000Z',
    });
    const receipts = await receiptsOf(client);
    expect(receipts.map((r) => [r.kind, r.amount.gross, r.period_start])).toEqual([
      ['renewal', 9900, '2026-04-02T09:00:00.000Z'],
      ['subscription', 9900, '2026-03-02T09:00:00.000Z'],
    ]);
    // Run again: nothing more is charged.
    await runBillingJobs(t);
    expect(await receiptsOf(client)).toHaveLength(2);
  });

  it('after a failed renewal: past due with an e-mail, retried, then back to Free', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    await subscribed(account.client, plans.pro!, 'monthly');
    // The user replaced the card with one that fails when charged later.
    await savedCard(account.client, CARDS.chargeFails);

    let client = await comeBackAt(account, '2026-04-02T09:00:00.000Z');
    await runBillingJobs(t);
    expect(await overview(client)).toMatchObject({
      plan: { code: 'pro' },
      subscription: { status: 'past_due', next_retry_at: '2026-04-03T09:00:00.000Z' },
    });
    const mail = await lastMailTo(t, 'faktury@kancelaria.example', (m) =>
      m.subject.includes('did not go through'),
    );
    expect(mail.text).toMatch(/PLN\s99\.00/);

    for (const [at, next] of [
      ['2026-04-03T09:00:00.000Z', '2026-04-05T09:00:00.000Z'],
      ['2026-04-05T09:00:00.000Z', '2026-04-09T09:00:00.000Z'],
    ] as const) {
      client = await comeBackAt(account, at);
      await runBillingJobs(t);
      expect((await overview(client)).subscription).toMatchObject({
        status: 'past_due',
        next_retry_at: next,
      });
    }
    client = await comeBackAt(account, '2026-04-09T09:00:00.000Z');
    await runBillingJobs(t);
    expect(await overview(client)).toMatchObject({ plan: { code: 'free' }, subscription: null });
    expect((await client.get('/api/usage/current')).json().limit_tokens).toBe(
      plans.free!.monthly_token_limit,
    );
    await lastMailTo(t, 'faktury@kancelaria.example', (m) => m.subject.includes('has ended'));
    expect((await receiptsOf(client)).map((r) => r.kind)).toEqual(['subscription']);
  });

  it('retries at once when a new card is added while past due', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    await subscribed(account.client, plans.pro!, 'monthly');
    await savedCard(account.client, CARDS.chargeFails);
    const client = await comeBackAt(account, '2026-04-02T10:00:00.000Z');
    await runBillingJobs(t);
    expect((await overview(client)).subscription?.status).toBe('past_due');

    await savedCard(client, CARDS.visa);
    await t.app.jobs.runDueJobs();
    expect((await overview(client)).subscription).toMatchObject({
      status: 'active',
      current_period_start: '2026-04-02T09:00:00.000Z',
      current_period_end: '2026-05-02T09:00:00.000Z',
      card: { last4: '4242' },
    });
  });
});

describe('cancelling', () => {
  it('keeps the plan until the period end with the reason, then Free', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    await subscribed(account.client, plans.pro!, 'monthly');
    const cancelled = await account.client.post('/api/billing/subscription/cancel', {
      reason: 'too_expensive',
      comment: 'Na razie wystarczy plan bezpłatny.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      plan: { code: 'pro' },
      subscription: {
        cancel_at_period_end: true,
        cancel_reason: 'too_expensive',
        current_period_end: '2026-04-02T09:00:00.000Z',
      },
    });
    const client = await comeBackAt(account, '2026-04-02T09:00:00.000Z');
    await runBillingJobs(t);
    expect(await overview(client)).toMatchObject({ plan: { code: 'free' }, subscription: null });
    expect((await receiptsOf(client)).map((r) => r.kind)).toEqual(['subscription']);
  });

  it('renews as before once resumed, and refuses a reason it does not know', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    await subscribed(account.client, plans.pro!, 'monthly');
    const bad = await account.client.post('/api/billing/subscription/cancel', { reason: 'meh' });
    expect(bad.statusCode).toBe(400);
    await account.client.post('/api/billing/subscription/cancel', { reason: 'not_using' });
    const resumed = await account.client.post('/api/billing/subscription/resume', {});
    expect(resumed.json().subscription).toMatchObject({
      cancel_at_period_end: false,
      cancel_reason: null,
    });
    const client = await comeBackAt(account, '2026-04-02T09:00:00.000Z');
    await runBillingJobs(t);
    expect((await overview(client)).subscription?.current_period_end).toBe(
      '2026-05-02T09:00:00.000Z',
    );
  });

  it('is never lost to the renewal running at the same moment, nor charged after it', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    await subscribed(account.client, plans.pro!, 'monthly');
    const client = await comeBackAt(account, '2026-04-02T09:00:00.000Z');
    const [cancelled] = await Promise.all([
      client.post('/api/billing/subscription/cancel', { reason: 'other' }),
      runBillingJobs(t),
    ]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await runBillingJobs(t);
    const after = await overview(client);
    const kinds = (await receiptsOf(client)).map((r) => r.kind);
    if (after.subscription === null) {
      // Cancelled first: the period's end was the subscription's end, with no charge.
      expect(after.plan.code).toBe('free');
      expect(kinds).toEqual(['subscription']);
    } else {
      // Renewed first: the cancel holds for the new period, which ends without renewing.
      expect(after.subscription).toMatchObject({
        cancel_at_period_end: true,
        current_period_end: '2026-05-02T09:00:00.000Z',
      });
      expect(kinds).toEqual(['renewal', 'subscription']);
    }
  });

  it('answers not_found without a subscription', async () => {
    const { client } = await signedUpClient(t);
    const res = await client.post('/api/billing/subscription/cancel', { reason: 'other' });
    expect([res.statusCode, res.json().detail]).toEqual([404, 'not_found']);
  });
});

describe('a plan granted by hand', () => {
  const operator = (...args: string[]) =>
    runOperatorCommand({ db: t.database.db, config: t.config, now: clock, args });

  it('replaces the subscription, shows as manual, charges nothing and ends at --until', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    await subscribed(account.client, plans.pro!, 'monthly');
    const answer = await operator('user', 'set-plan', account.email, 'expert', '--until', '+10d');
    expect(answer.output).toBe(
      `${account.email} is on the Expert plan until 2026-03-12T09:00:00.000Z.`,
    );
    expect(await overview(account.client)).toMatchObject({
      plan: { code: 'expert' },
      subscription: {
        source: 'manual',
        amount: { gross: 0 },
        current_period_end: '2026-03-12T09:00:00.000Z',
      },
    });
    const cancel = await account.client.post('/api/billing/subscription/cancel', {
      reason: 'other',
    });
    expect([cancel.statusCode, cancel.json().detail]).toEqual([409, 'subscription_exists']);

    const client = await comeBackAt(account, '2026-03-12T09:00:00.000Z');
    await runBillingJobs(t);
    expect(await overview(client)).toMatchObject({ plan: { code: 'free' }, subscription: null });
    expect((await receiptsOf(client)).map((r) => r.kind)).toEqual(['subscription']);
  });

  it('is replaced when the user pays for a plan', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    await operator('user', 'set-plan', account.email, 'pro');
    expect((await overview(account.client)).subscription).toMatchObject({
      source: 'manual',
      current_period_end: null,
    });
    const outcome = await subscribed(account.client, plans.expert!, 'monthly');
    expect(outcome.overview).toMatchObject({
      plan: { code: 'expert' },
      subscription: { source: 'paid' },
    });
  });
});

describe('when the payer goes', () => {
  it('ends the subscription of a deleted account, which is never charged again', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    const outcome = await subscribed(account.client, plans.pro!, 'monthly');
    const sent = await account.client.post('/api/user/send-verification-code', {
      verification_code_type: 'USER_DELETE',
    });
    expect(sent.statusCode).toBe(202);
    const code = await lastCodeTo(t, account.email);
    const deleted = await account.client.request({
      method: 'DELETE',
      url: '/api/user/delete',
      payload: { verification_code: code, password: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    clock = new Date('2026-04-02T09:00:00.000Z');
    await runBillingJobs(t);
    const subscriptionId = outcome.overview.subscription!.pk;
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(row?.status).toBe('ended');
    const charges = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, subscriptionId));
    // The receipt is kept for the accounts; no renewal was charged.
    expect(charges.map((charge) => [charge.kind, charge.status])).toEqual([
      ['subscription', 'succeeded'],
    ]);
  });
});
