import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEEK_MS,
  type SharedLink,
  type SharedLinkPage,
  type SharedMessagePage,
} from '@themis/shared';
import { conversationShares, shareMessages, shareVisitors } from '../src/db/schema';
import { Client, signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';
import { insertMessages } from './conversations-fixtures';
import { conversationOf, secretOf, share, verify, type Account } from './sharing-fixtures';

// Disabled links as their owner manages them: listed when asked for, enabled again at the
// same address (a new copy of the conversation, the visitors kept), or deleted with their
// visitors, after which the link answers like one that never was.

let t: TestApp;
let clock = new Date('2026-05-04T09:00:00.000Z');
/** Moves the clock on; the accounts' sessions are refreshed past their access tokens' life. */
async function later(ms: number) {
  clock = new Date(clock.getTime() + ms);
  for (const account of [alice, bob]) {
    expect((await account.client.post('/api/auth/token/refresh')).statusCode).toBe(200);
  }
}
let alice: Account;
let bob: Account;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  [alice, bob] = [await signedUpClient(t), await signedUpClient(t)];
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const NOT_FOUND = { detail: 'not_found' };

const enable = (client: Client, pk: string, body: object = {}) =>
  client.post(`/api/conversation/share/enable/${pk}`, body);
const disable = async (owner: Account, pk: string) => {
  const res = await owner.client.post(`/api/conversation/share/disable/${pk}`);
  expect(res.statusCode, res.body).toBe(200);
};
async function listed(owner: Account, query = '') {
  const res = await owner.client.get(`/api/conversation/share/list${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SharedLinkPage).items;
}
const rowsOf = async (shareId: string) => ({
  links: await t.database.db
    .select()
    .from(conversationShares)
    .where(eq(conversationShares.id, shareId)),
  copy: await t.database.db.select().from(shareMessages).where(eq(shareMessages.shareId, shareId)),
  visitors: await t.database.db
    .select()
    .from(shareVisitors)
    .where(eq(shareVisitors.shareId, shareId)),
});

describe('disabled links', () => {
  it('are listed only when asked for, with the status disabled', async () => {
    const link = await share(alice, (await conversationOf(t, alice, 1)).id);
    await disable(alice, link.pk);
    expect((await listed(alice)).map((l) => l.pk)).not.toContain(link.pk);
    expect((await listed(alice, '?include_disabled=false')).map((l) => l.pk)).not.toContain(
      link.pk,
    );
    const shown = (await listed(alice, '?include_disabled=true')).find((l) => l.pk === link.pk);
    expect(shown).toMatchObject({ status: 'disabled', shared_key: link.shared_key });
    expect((await listed(bob, '?include_disabled=true')).map((l) => l.pk)).not.toContain(link.pk);
    const bad = await alice.client.get('/api/conversation/share/list?include_disabled=maybe');
    expect([bad.statusCode, bad.json().detail]).toEqual([400, 'validation_error']);
  });

  it('opens again at the same address with its visitors, sharing the conversation as it is now', async () => {
    const conversation = await conversationOf(t, alice, 1);
    const link = await share(alice, conversation.id, { expires_in_ms: DAY_MS });
    expect((await verify(bob.client, secretOf(link))).statusCode).toBe(200);
    await disable(alice, link.pk);
    await insertMessages(t, conversation, [{ role: 'user', content: 'Written while disabled' }]);
    expect((await verify(bob.client, secretOf(link))).statusCode).toBe(404);

    await later(60_000);
    const res = await enable(alice.client, link.pk, { expires_in_ms: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      pk: link.pk,
      shared_key: link.shared_key,
      status: 'active',
      shared_at: clock.toISOString(),
      expired_at: null,
      message_count: 3,
      visitors_count: 1,
    } satisfies Partial<SharedLink>);
    expect((await verify(bob.client, secretOf(link))).statusCode).toBe(200);
    const page = await bob.client.get(`/api/conversation/share/list-messages/${secretOf(link)}`);
    expect((page.json() as SharedMessagePage).items.map((m) => m.content)).toEqual([
      'Question 1',
      'Answer 1',
      'Written while disabled',
    ]);
    expect((await listed(alice)).find((l) => l.pk === link.pk)?.status).toBe('active');
    // The share dialog finds it as the conversation's link again.
    const lookup = await alice.client.get(
      `/api/conversation/share/access_token?conversation_pk=${conversation.id}`,
    );
    expect(lookup.json().pk).toBe(link.pk);
  });

  it('gives a link that had expired before it was disabled a new expiry, counted from now', async () => {
    const link = await share(alice, (await conversationOf(t, alice, 1)).id, {
      expires_in_ms: DAY_MS,
    });
    await later(2 * DAY_MS);
    expect((await listed(alice)).find((l) => l.pk === link.pk)?.status).toBe('expired');
    await disable(alice, link.pk);
    const res = await enable(alice.client, link.pk);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'active',
      expired_at: new Date(clock.getTime() + WEEK_MS).toISOString(),
    });
    expect((await verify(bob.client, secretOf(link))).statusCode).toBe(200);
  });

  it('is refused while the conversation has a newer open link, and opens once that one is disabled', async () => {
    const conversation = await conversationOf(t, alice, 1);
    const older = await share(alice, conversation.id);
    await disable(alice, older.pk);
    const newer = await share(alice, conversation.id);
    expect(newer.pk).not.toBe(older.pk);

    const before = await rowsOf(older.pk);
    const refused = await enable(alice.client, older.pk);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { detail: 'share_link_superseded' },
    ]);
    expect(await rowsOf(older.pk)).toEqual(before);
    expect((await verify(bob.client, secretOf(older))).statusCode).toBe(404);

    await disable(alice, newer.pk);
    expect((await enable(alice.client, older.pk)).statusCode).toBe(200);
    // Enabling a link that is open already updates it, as sharing again does.
    const again = await enable(alice.client, older.pk, { expires_in_ms: DAY_MS });
    expect([again.statusCode, again.json().expired_at]).toEqual([
      200,
      new Date(clock.getTime() + DAY_MS).toISOString(),
    ]);
    expect((await verify(bob.client, secretOf(older))).statusCode).toBe(200);
    expect((await verify(bob.client, secretOf(newer))).statusCode).toBe(404);
  });

  it('is deleted with its visitors, and then answers like a link that never was', async () => {
    const link = await share(alice, (await conversationOf(t, alice, 1)).id);
    expect((await verify(bob.client, secretOf(link))).statusCode).toBe(200);
    await disable(alice, link.pk);
    expect((await rowsOf(link.pk)).visitors).toHaveLength(1);

    const deleted = await alice.client.delete(`/api/conversation/share/delete/${link.pk}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await rowsOf(link.pk)).toEqual({ links: [], copy: [], visitors: [] });
    expect((await listed(alice, '?include_disabled=true')).map((l) => l.pk)).not.toContain(link.pk);
    const never = await verify(bob.client, 'd'.repeat(43));
    const gone = await verify(bob.client, secretOf(link));
    expect([gone.statusCode, gone.json()]).toEqual([never.statusCode, never.json()]);
    expect([gone.statusCode, gone.json()]).toEqual([404, NOT_FOUND]);
    const late = await enable(alice.client, link.pk);
    expect([late.statusCode, late.json()]).toEqual([404, NOT_FOUND]);
  });

  it("refuses someone else's link, an unknown one and bad input, changing nothing", async () => {
    const link = await share(alice, (await conversationOf(t, alice, 1)).id);
    await disable(alice, link.pk);
    const before = await rowsOf(link.pk);
    for (const [method, url] of [
      ['POST', `/api/conversation/share/enable/${link.pk}`],
      ['DELETE', `/api/conversation/share/delete/${link.pk}`],
      ['POST', `/api/conversation/share/enable/${UNKNOWN}`],
    ] as const) {
      const res = await bob.client.request({ method, url, payload: {} });
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, NOT_FOUND]);
    }
    const signedOut = await enable(new Client(t), link.pk);
    expect([signedOut.statusCode, signedOut.json()]).toEqual([401, { detail: 'unauthorized' }]);
    for (const [pk, body] of [
      ['not-a-uuid', {}],
      [link.pk, { expires_in_ms: 5 }],
      [link.pk, { decrypt_confirmed: 'yes' }],
    ] as const) {
      const res = await enable(alice.client, pk, body);
      expect([pk, res.statusCode, res.json().detail]).toEqual([pk, 400, 'validation_error']);
    }
    expect(await rowsOf(link.pk)).toEqual(before);
  });
});
