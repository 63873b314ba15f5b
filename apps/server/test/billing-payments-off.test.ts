import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCards, subscriptions } from '../src/db/schema';
import { signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';
import { addCard, catalogue, saveDetails } from './billing-fixtures';

// A server that takes no payments (PAYMENTS=off, a production server's default without
// Stripe's keys) sells no paid plan: nothing is charged, no card is kept, and it says so.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENTS: 'off' } });
});
afterAll(() => t.close());

const unavailable = { detail: 'payments_unavailable' };

describe('without payments', () => {
  it('says so at start-up and in the runtime configuration', async () => {
    expect(t.logs.join('')).toContain('payments: none, so paid plans cannot be bought');
    const runtime = await t.app.inject({ method: 'GET', url: '/api/runtime-config' });
    expect(runtime.json()).toMatchObject({ payments: 'off' });
  });

  it('still lists the plans, but saves no card and sells none of them', async () => {
    const { client } = await signedUpClient(t);
    const plans = await catalogue(client);
    expect(plans.pro?.is_free).toBe(false);
    await saveDetails(client);
    const card = await addCard(client, '4242424242424242');
    expect([card.statusCode, card.json()]).toEqual([503, unavailable]);
    const bought = await client.post('/api/billing/subscribe', {
      plan_pk: plans.pro!.pk,
      period: 'monthly',
      card_pk: crypto.randomUUID(),
    });
    expect([bought.statusCode, bought.json()]).toEqual([503, unavailable]);
    const changed = await client.post('/api/billing/subscription/change', {
      plan_pk: plans.expert!.pk,
      period: 'monthly',
    });
    expect([changed.statusCode, changed.json()]).toEqual([503, unavailable]);
    expect(await t.database.db.select().from(paymentCards)).toEqual([]);
    expect(await t.database.db.select().from(subscriptions)).toEqual([]);
  });
});
