import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, tokenUsage, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { Client, signedUpClient } from './accounts';
import { insertConversation } from './conversations-fixtures';

const NOW = new Date('2026-03-31T23:59:00Z');

let t: TestApp;
beforeAll(async () => {
  // The last minute of March: the month is the UTC one, whatever the server's time zone.
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t.close());

describe('monthly usage', () => {
  it('needs a session', async () => {
    const res = await new Client(t).get('/api/usage/current');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'unauthorized' });
  });

  it("is zero for a new user, against the Free plan's limit", async () => {
    const { client } = await signedUpClient(t);
    const res = await client.get('/api/usage/current');
    expect(res.statusCode, res.body).toBe(200);
    const [free] = await t.database.db.select().from(plans).where(eq(plans.code, 'free'));
    expect(res.json()).toEqual({
      month: '2026-03',
      used_tokens: 0,
      limit_tokens: free!.monthlyTokenLimit,
    });
  });

  it("counts this UTC month's tokens only, each user their own", async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    await t.database.db.insert(tokenUsage).values([
      { userId: alice.user.pk, month: '2026-03-01', tokens: 12_345 },
      { userId: alice.user.pk, month: '2026-02-01', tokens: 99_999 },
      { userId: alice.user.pk, month: '2026-04-01', tokens: 7 },
      { userId: bob.user.pk, month: '2026-03-01', tokens: 500 },
    ]);
    expect((await alice.client.get('/api/usage/current')).json()).toMatchObject({
      month: '2026-03',
      used_tokens: 12_345,
    });
    expect((await bob.client.get('/api/usage/current')).json().used_tokens).toBe(500);

    // Deleting a conversation does not give its tokens back.
    const conversation = await insertConversation(t, alice.user.pk);
    const deleted = await alice.client.delete(`/api/conversation/delete/${conversation.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await alice.client.get('/api/usage/current')).json().used_tokens).toBe(12_345);
  });

  it("follows the user's plan", async () => {
    const { client, user } = await signedUpClient(t);
    const [pro] = await t.database.db
      .insert(plans)
      .values({
        code: 'usage-test-pro',
        productName: 'Pro',
        scope: 'individual',
        monthlyTokenLimit: 5_000_000,
      })
      .returning();
    await t.database.db.update(users).set({ planId: pro!.id }).where(eq(users.id, user.pk));
    expect((await client.get('/api/usage/current')).json().limit_tokens).toBe(5_000_000);
  });
});
