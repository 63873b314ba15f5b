import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedLink, SharedLinkPage } from '@themis/shared';
import { conversations, conversationShares } from '../src/db/schema';
import { sealText } from '../src/platform/crypto/conversation-crypto';
import { deriveKey, hashToken, randomToken } from '../src/platform/crypto/secrets';
import { signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';
import { conversationOf, secretOf, share, verify, type Account } from './sharing-fixtures';

// Shared links kept safe and at scale: the secret never stored in the clear, the headers of
// shared pages, guesses limited per address, and paging a thousand links.

let t: TestApp;
let alice: Account;
let bob: Account;
beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await signedUpClient(t), await signedUpClient(t)];
});
afterAll(() => t.close());

describe('shared links', () => {
  it('keeps the secret out of the database: a digest and a sealed copy only', async () => {
    const link = await share(alice, (await conversationOf(t, alice, 1)).id);
    const [row] = await t.database.db
      .select()
      .from(conversationShares)
      .where(eq(conversationShares.id, link.pk));
    expect(JSON.stringify(row)).not.toContain(secretOf(link));
  });

  it('sends shared pages no-referrer and noindex', async () => {
    const secret = secretOf(await share(alice, (await conversationOf(t, alice, 1)).id));
    for (const url of [
      `/api/conversation/share/verify/${secret}`,
      `/api/conversation/share/list-messages/${secret}`,
    ]) {
      const res = await bob.client.get(url);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });

  it('limits verifications per address', async () => {
    const secret = secretOf(await share(alice, (await conversationOf(t, alice, 1)).id));
    const guesser = await signedUpClient(t);
    let refused;
    for (let i = 0; i < 200 && !refused; i += 1) {
      const res = await verify(guesser.client, i % 2 ? secret : 'b'.repeat(43));
      if (res.statusCode === 429) refused = res;
    }
    expect(refused?.json()).toEqual({ detail: 'rate_limited' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await verify(bob.client, secret)).statusCode).toBe(200);
  });

  it('counts a link that does not open in pages or a copy as a guess, reading a good one free', async () => {
    const secret = secretOf(await share(alice, (await conversationOf(t, alice, 1)).id));
    const wrong = 'c'.repeat(43);
    const pages = (client: Account['client'], s: string) =>
      client.get(`/api/conversation/share/list-messages/${s}`);
    const copy = (client: Account['client'], s: string) =>
      client.post(`/api/conversation/share/continue/${s}`, {});
    for (const guess of [pages, copy]) {
      const guesser = await signedUpClient(t);
      let refused;
      for (let i = 0; i < 200 && !refused; i += 1) {
        const res = await guess(guesser.client, wrong);
        if (res.statusCode === 429) refused = res;
        else expect(res.statusCode).toBe(404);
      }
      expect(refused?.json()).toEqual({ detail: 'rate_limited' });
      // The address's verifications are used up, for the right link too, by every call.
      expect((await verify(guesser.client, secret)).statusCode).toBe(429);
      expect((await pages(guesser.client, secret)).statusCode).toBe(429);
      expect((await copy(guesser.client, secret)).statusCode).toBe(429);
    }
    // A visitor reading the pages of a link that opens uses none of them.
    const reader = await signedUpClient(t);
    for (let i = 0; i < 150; i += 1) {
      expect((await pages(reader.client, secret)).statusCode).toBe(200);
    }
    expect((await verify(reader.client, secret)).statusCode).toBe(200);
  });

  it('counts a disabled or deleted link as a guess, like one that never was', async () => {
    const open = secretOf(await share(alice, (await conversationOf(t, alice, 1)).id));
    const disabled = await share(alice, (await conversationOf(t, alice, 1)).id);
    const deleted = await share(alice, (await conversationOf(t, alice, 1)).id);
    expect(
      (await alice.client.post(`/api/conversation/share/disable/${disabled.pk}`)).statusCode,
    ).toBe(200);
    expect(
      (await alice.client.delete(`/api/conversation/share/delete/${deleted.pk}`)).statusCode,
    ).toBe(200);
    const guesser = await signedUpClient(t);
    let refused;
    for (let i = 0; i < 200 && !refused; i += 1) {
      const secret = secretOf(i % 2 ? disabled : deleted);
      const res = await guesser.client.get(`/api/conversation/share/list-messages/${secret}`);
      if (res.statusCode === 429) refused = res;
      else expect(res.json()).toEqual({ detail: 'not_found' });
    }
    expect(refused?.json()).toEqual({ detail: 'rate_limited' });
    expect((await verify(guesser.client, open)).statusCode).toBe(429);
  });

  it('pages 1,000 links of a context, newest first, without repeats', async () => {
    const owner = await signedUpClient(t);
    const link = await share(owner, (await conversationOf(t, owner, 1)).id);
    const [row] = await t.database.db
      .select()
      .from(conversationShares)
      .where(eq(conversationShares.id, link.pk));
    const made = await t.database.db
      .insert(conversations)
      .values(Array.from({ length: 999 }, () => ({ userId: owner.user.pk, name: 'Bulk' })))
      .returning({ id: conversations.id });
    const key = deriveKey(t.config.appSecret!, 'share-links');
    // Ten links per second of creation time: equal timestamps must not repeat or skip.
    await t.database.db.insert(conversationShares).values(
      made.map(({ id: conversationId }, i) => {
        const id = crypto.randomUUID();
        const secret = randomToken();
        const address = {
          owner: owner.user.pk,
          table: 'conversation_shares',
          rowId: id,
          field: 'secret',
        };
        return {
          ...row!,
          id,
          conversationId,
          secretHash: hashToken(secret),
          sealedSecret: sealText(key, address, secret),
          createdAt: new Date(row!.createdAt.getTime() - 1000 - Math.floor(i / 10) * 1000),
        };
      }),
    );
    const seen: SharedLink[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await owner.client.get(
        `/api/conversation/share/list?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as SharedLinkPage;
      seen.push(...page.items);
      cursor = page.next_cursor;
    }
    expect(seen).toHaveLength(1000);
    expect(new Set(seen.map((item) => item.pk)).size).toBe(1000);
    expect(seen[0]!.pk).toBe(link.pk);
    const times = seen.map((item) => item.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
