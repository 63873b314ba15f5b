import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, payments, subscriptions } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { lastCodeTo, signedUpClient } from './accounts';
import {
  catalogue,
  overview,
  runBillingJobs,
  signInAs,
  saveDetails,
  savedCard,
  subscribed,
  subscribeTo,
  startBillingApp,
} from './billing-fixtures';
import { firm } from './organization-fixtures';

// Organization plans: bought by owners and admins for the organization, whose members all
// draw on the plan's pooled limit from the moment it is paid.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an organization plan', () => {
  it("pools the plan's limit for every member as soon as an admin pays", async () => {
    const { owner, admin, member, organizationId } = await firm(t, ['ADMIN', 'MEMBER']);
    const plans = await catalogue(owner.client);
    const before = (await member.client.get('/api/usage/current')).json();
    expect(before.limit_tokens).toBe(plans.organization_free!.monthly_token_limit);
    expect(await overview(owner.client, organizationId)).toMatchObject({
      organization_pk: organizationId,
      plan: { code: 'organization_free' },
      subscription: null,
    });

    const outcome = await subscribed(admin.client, plans.business!, 'yearly', { organizationId });
    expect(outcome.overview).toMatchObject({
      plan: { code: 'business' },
      subscription: { amount: { net: 1000000, vat: 230000, gross: 1230000 } },
    });
    for (const person of [owner, admin, member]) {
      expect((await person.client.get('/api/usage/current')).json().limit_tokens).toBe(
        plans.business!.monthly_token_limit,
      );
    }
    // Everyone's own context keeps its own plan.
    expect((await overview(member.client)).plan.code).toBe('free');
  });

  it('is for organizations only, and an individual plan is not', async () => {
    const { owner, organizationId } = await firm(t);
    const plans = await catalogue(owner.client);
    await saveDetails(owner.client, organizationId);
    const card = await savedCard(owner.client, undefined, organizationId);
    const res = await subscribeTo(owner.client, {
      plan: plans.pro!,
      period: 'monthly',
      card,
      organizationId,
    });
    expect([res.statusCode, res.json().detail]).toEqual([404, 'not_found']);
  });

  it("keeps each account's cards and details to itself", async () => {
    const { owner, organizationId } = await firm(t);
    await saveDetails(owner.client, organizationId);
    const card = await savedCard(owner.client, undefined, organizationId);
    expect((await owner.client.get('/api/billing/card/list')).json()).toEqual([]);
    expect((await owner.client.get('/api/billing/details')).json()).toEqual({ details: null });
    const plans = await catalogue(owner.client);
    await saveDetails(owner.client);
    // The organization's card does not pay for the owner's own plan.
    const res = await subscribeTo(owner.client, { plan: plans.pro!, period: 'monthly', card });
    expect([res.statusCode, res.json().detail]).toEqual([404, 'not_found']);
    const stranger = await signedUpClient(t);
    const theirs = await stranger.client.get(
      `/api/billing/card/list?organization_pk=${organizationId}`,
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('is not renewed once the organization is deleted', async () => {
    let clock = new Date('2026-03-02T09:00:00.000Z');
    const billing = await startBillingApp(() => clock);
    try {
      const { owner, organizationId } = await firm(billing.t);
      const bought = await subscribed(owner.client, billing.plans.team!, 'monthly', {
        organizationId,
      });
      // Deleted mid-period, so that the period ends before the organization is purged.
      clock = new Date('2026-03-20T09:00:00.000Z');
      const client = await signInAs(billing.t, owner.email);
      const url = `/api/organization/delete/${organizationId}`;
      expect((await client.delete(url)).statusCode).toBe(202);
      const code = await lastCodeTo(billing.t, owner.email);
      const deleted = await client.delete(`${url}?verification_code=${code}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      const subscriptionOf = async () =>
        (
          await billing.t.database.db
            .select()
            .from(subscriptions)
            .innerJoin(billingAccounts, eq(billingAccounts.id, subscriptions.accountId))
            .where(eq(billingAccounts.organizationId, organizationId))
        )[0]?.subscriptions;
      expect(await subscriptionOf()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

      // The period ends: the subscription ends with it, and the card is not charged again.
      clock = new Date('2026-04-02T10:00:00.000Z');
      await runBillingJobs(billing.t);
      expect(await subscriptionOf()).toMatchObject({ status: 'ended' });
      const charged = await billing.t.database.db
        .select()
        .from(payments)
        .where(eq(payments.subscriptionId, bought.overview.subscription!.pk));
      expect(charged.map((payment) => payment.kind)).toEqual(['subscription']);
    } finally {
      await billing.close();
    }
  });
});
