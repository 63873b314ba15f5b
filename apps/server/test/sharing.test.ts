import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEEK_MS,
  type MessagePage,
  type SharedConversation,
  type SharedLink,
  type SharedLinkPage,
  type SharedMessagePage,
} from '@themis/shared';
import { conversationShares, jobs, shareMessages, shareVisitors } from '../src/db/schema';
import { createFileStorage } from '../src/platform/storage/create-storage';
import { Client, lastCodeTo, PASSWORD, signedUpClient } from './accounts';
import { createTestApp, TEST_ORIGIN, type TestApp } from './app';
import { insertAttachment, insertMessages } from './conversations-fixtures';
import { conversationOf, secretOf, share, verify, type Account } from './sharing-fixtures';

// Links to a copy of a conversation: made and updated by the owner, opened by whoever signed
// in holds the link, ended by expiry, disabling, deleting, or the conversation's deletion.

let t: TestApp;
let clock = new Date('2026-03-02T09:00:00.000Z');
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

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const pageOf = async (visitor: Client, secret: string, query = '') => {
  const res = await visitor.get(`/api/conversation/share/list-messages/${secret}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SharedMessagePage;
};
const links = async (owner: Account) =>
  ((await owner.client.get('/api/conversation/share/list')).json() as SharedLinkPage).items;

describe('sharing a conversation', () => {
  it('needs a session for every call', async () => {
    for (const [method, url] of [
      ['POST', `/api/conversation/share/create/${UNKNOWN}`],
      ['GET', `/api/conversation/share/access_token?conversation_pk=${UNKNOWN}`],
      ['GET', '/api/conversation/share/list'],
      ['POST', `/api/conversation/share/disable/${UNKNOWN}`],
      ['POST', `/api/conversation/share/enable/${UNKNOWN}`],
      ['DELETE', `/api/conversation/share/delete/${UNKNOWN}`],
      ['GET', `/api/conversation/share/verify/${'a'.repeat(43)}`],
      ['GET', `/api/conversation/share/list-messages/${'a'.repeat(43)}`],
      ['POST', `/api/conversation/share/continue/${'a'.repeat(43)}`],
    ] as const) {
      const res = await new Client(t).request({ method, url, payload: {} });
      expect([url, res.statusCode, res.json()]).toEqual([url, 401, { detail: 'unauthorized' }]);
    }
  });

  it('makes a link of 256 random bits that expires in a week by default', async () => {
    const conversation = await conversationOf(t, alice);
    const res = await alice.client.post(`/api/conversation/share/create/${conversation.id}`, {});
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json() as SharedLink;
    expect(link.shared_key).toMatch(new RegExp(`^${TEST_ORIGIN}/chat/share/[A-Za-z0-9_-]{43}$`));
    expect(link).toMatchObject({
      conversation_pk: conversation.id,
      conversation_name: 'Umowa najmu',
      status: 'active',
      expired_at: new Date(clock.getTime() + WEEK_MS).toISOString(),
      users: [],
      visitors_count: 0,
      message_count: 4,
    });
    const lookup = await alice.client.get(
      `/api/conversation/share/access_token?conversation_pk=${conversation.id}`,
    );
    expect(lookup.json()).toEqual(link);
  });

  it('shares the conversation as it was; sharing again updates the same link', async () => {
    const conversation = await conversationOf(t, alice, 1);
    const first = await share(alice, conversation.id, { expires_in_ms: 86_400_000 });
    await insertMessages(t, conversation, [{ role: 'user', content: 'Written after sharing' }]);
    const shared = await pageOf(bob.client, secretOf(first));
    expect(shared.items.map((m) => m.content)).toEqual(['Question 1', 'Answer 1']);

    await later(60_000);
    const again = await alice.client.post(`/api/conversation/share/create/${conversation.id}`, {
      expires_in_ms: null,
    });
    expect(again.statusCode, again.body).toBe(200);
    const updated = again.json() as SharedLink;
    expect(updated).toMatchObject({
      pk: first.pk,
      shared_key: first.shared_key,
      expired_at: null,
      message_count: 3,
    });
    const now = await pageOf(bob.client, secretOf(first));
    expect(now.items.map((m) => m.content).at(-1)).toBe('Written after sharing');
  });

  it('makes one link of requests racing to share the same conversation', async () => {
    const conversation = await conversationOf(t, alice, 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        alice.client.post(`/api/conversation/share/create/${conversation.id}`, {}),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((res) => res.json().shared_key)).size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(conversationShares)
      .where(eq(conversationShares.conversationId, conversation.id));
    expect(rows).toHaveLength(1);
    const copy = await t.database.db
      .select()
      .from(shareMessages)
      .where(eq(shareMessages.shareId, rows[0]!.id));
    expect(copy.map((row) => row.position)).toEqual([1, 2]);
  });

  it('shows a visitor the copy with file names only, never an e-mail or a file', async () => {
    const conversation = await conversationOf(t, alice, 1);
    const storage = await createFileStorage(t.config);
    const file = await insertAttachment(t, storage, conversation.rows[0]!, {
      filename: 'umowa.pdf',
      extractedText: 'SECRET-PDF-TEXT',
    });
    const link = await share(alice, conversation.id);
    const opened = await verify(bob.client, secretOf(link));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      name: 'Umowa najmu',
      owner: { full_name: null, avatar_url: null },
      message_count: 2,
      is_owner: false,
    } satisfies Partial<SharedConversation>);
    const page = await pageOf(bob.client, secretOf(link));
    expect(page.items[0]).toMatchObject({
      position: 1,
      role: 'user',
      attachments: [{ filename: 'umowa.pdf', media_type: 'application/pdf' }],
    });
    for (const body of [opened.body, JSON.stringify(page)]) {
      expect(body).not.toContain(alice.email);
      expect(body).not.toContain('SECRET-PDF-TEXT');
      expect(body).not.toContain(file.id);
      expect(body).not.toContain(conversation.id);
    }
  });

  it('pages the messages and refuses a huge page', async () => {
    const conversation = await conversationOf(t, alice, 30);
    const secret = secretOf(await share(alice, conversation.id));
    const first = await pageOf(bob.client, secret, '?limit=25');
    expect([first.items.length, first.has_more]).toEqual([25, true]);
    const rest = await pageOf(bob.client, secret, `?after=${first.items.at(-1)!.position}`);
    expect(rest.items.map((m) => m.position)).toEqual(Array.from({ length: 35 }, (_, i) => i + 26));
    expect(rest.has_more).toBe(false);
    for (const query of ['?limit=1000000', '?limit=0', '?after=-1', '?after=x']) {
      const res = await bob.client.get(`/api/conversation/share/list-messages/${secret}${query}`);
      expect([query, res.statusCode, res.json().detail]).toEqual([query, 400, 'validation_error']);
    }
  });

  it('records each visitor once, but not the owner, and lists the first three', async () => {
    const conversation = await conversationOf(t, alice, 1);
    const link = await share(alice, conversation.id);
    // One after another: each waits for its own activation e-mail.
    const visitors = [
      bob,
      await signedUpClient(t),
      await signedUpClient(t),
      await signedUpClient(t),
    ];
    for (const visitor of visitors) {
      await verify(visitor.client, secretOf(link));
      await verify(visitor.client, secretOf(link));
    }
    const own = await verify(alice.client, secretOf(link));
    expect(own.json().is_owner).toBe(true);
    const listed = (await links(alice)).find((l) => l.pk === link.pk)!;
    expect(listed.visitors_count).toBe(4);
    expect(listed.users).toHaveLength(3);
    const rows = await t.database.db
      .select()
      .from(shareVisitors)
      .where(eq(shareVisitors.shareId, link.pk));
    expect(rows.map((row) => row.userId).sort()).toEqual(
      visitors.map((visitor) => visitor.user.pk).sort(),
    );
  });

  it('answers the same 404 for a malformed, unknown, expired and disabled link', async () => {
    const expiring = await share(alice, (await conversationOf(t, alice, 1)).id, {
      expires_in_ms: 86_400_000,
    });
    const disabled = await share(alice, (await conversationOf(t, alice, 1)).id);
    expect(
      (await alice.client.post(`/api/conversation/share/disable/${disabled.pk}`)).statusCode,
    ).toBe(200);
    await later(86_400_000);
    const bad = ['abc', 'a'.repeat(43), 'a'.repeat(200), secretOf(expiring), secretOf(disabled)];
    for (const secret of bad) {
      for (const url of [
        `/api/conversation/share/verify/${secret}`,
        `/api/conversation/share/list-messages/${secret}`,
      ]) {
        const res = await bob.client.get(url);
        expect([url, res.statusCode, res.json()]).toEqual([url, 404, { detail: 'not_found' }]);
      }
      const copy = await bob.client.post(`/api/conversation/share/continue/${secret}`, {});
      expect([copy.statusCode, copy.json()]).toEqual([404, { detail: 'not_found' }]);
    }
    const listed = await links(alice);
    expect(listed.find((l) => l.pk === expiring.pk)?.status).toBe('expired');
    expect(listed.find((l) => l.pk === disabled.pk)).toBeUndefined();
    // A disabled link keeps no copy; sharing again makes a new address.
    expect(
      await t.database.db
        .select()
        .from(shareMessages)
        .where(eq(shareMessages.shareId, disabled.pk)),
    ).toEqual([]);
    // At its expiry a job removes the expired link's copy of the messages (the queue keeps
    // real time: the job is made due by hand, as the test's clock says it is).
    await t.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.type, 'sharing.expire'));
    await t.app.jobs.runDueJobs();
    expect(
      await t.database.db
        .select()
        .from(shareMessages)
        .where(eq(shareMessages.shareId, expiring.pk)),
    ).toEqual([]);
    const renewed = await share(alice, expiring.conversation_pk);
    expect([renewed.pk, renewed.status]).toEqual([expiring.pk, 'active']);
    expect((await verify(bob.client, secretOf(renewed))).statusCode).toBe(200);
    const fresh = await share(alice, disabled.conversation_pk);
    expect(fresh.shared_key).not.toBe(disabled.shared_key);
  });

  it("refuses someone else's conversation and link alike, changing nothing", async () => {
    const conversation = await conversationOf(t, alice, 1);
    const link = await share(alice, conversation.id);
    const before = await t.database.db.select().from(conversationShares);
    for (const [method, url] of [
      ['POST', `/api/conversation/share/create/${conversation.id}`],
      ['GET', `/api/conversation/share/access_token?conversation_pk=${conversation.id}`],
      ['POST', `/api/conversation/share/disable/${link.pk}`],
      ['DELETE', `/api/conversation/share/delete/${link.pk}`],
      ['POST', `/api/conversation/share/disable/${UNKNOWN}`],
    ] as const) {
      const res = await bob.client.request({ method, url, payload: {} });
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { detail: 'not_found' }]);
    }
    for (const url of [
      '/api/conversation/share/create/not-a-uuid',
      '/api/conversation/share/disable/not-a-uuid',
    ]) {
      const res = await bob.client.post(url, {});
      expect([url, res.statusCode, res.json().detail]).toEqual([url, 400, 'validation_error']);
    }
    const badExpiry = await alice.client.post(`/api/conversation/share/create/${conversation.id}`, {
      expires_in_ms: 5,
    });
    expect([badExpiry.statusCode, badExpiry.json().detail]).toEqual([400, 'validation_error']);
    expect(await t.database.db.select().from(conversationShares)).toEqual(before);
    expect((await links(bob)).map((l) => l.pk)).not.toContain(link.pk);
  });

  it('lets a visitor continue in a conversation of their own', async () => {
    const conversation = await conversationOf(t, alice, 2);
    const secret = secretOf(await share(alice, conversation.id));
    const res = await bob.client.post(`/api/conversation/share/continue/${secret}`, {});
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().conversation_pk as string;
    const mine = (await bob.client.get(`/api/conversation/messages/${copy}`)).json() as MessagePage;
    expect(mine.items.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Question 1'],
      ['assistant', 'Answer 1'],
      ['user', 'Question 2'],
      ['assistant', 'Answer 2'],
    ]);
    expect((await bob.client.get(`/api/conversation/get/${copy}`)).json().name).toBe('Umowa najmu');
    expect((await alice.client.get(`/api/conversation/get/${copy}`)).statusCode).toBe(404);
  });

  it('ends with a disable or a delete by its owner, and with the conversation', async () => {
    const [one, two, three] = await Promise.all([1, 2, 3].map(() => conversationOf(t, alice, 1)));
    const [a, b, c] = [
      await share(alice, one!.id),
      await share(alice, two!.id),
      await share(alice, three!.id),
    ];
    await verify(bob.client, secretOf(b!));
    expect((await alice.client.post(`/api/conversation/share/disable/${a!.pk}`)).statusCode).toBe(
      200,
    );
    expect((await alice.client.post(`/api/conversation/share/disable/${a!.pk}`)).statusCode).toBe(
      404,
    );
    expect((await alice.client.delete(`/api/conversation/share/delete/${b!.pk}`)).statusCode).toBe(
      200,
    );
    expect((await alice.client.delete(`/api/conversation/delete/${three!.id}`)).statusCode).toBe(
      200,
    );
    for (const link of [a!, b!, c!]) {
      expect((await verify(bob.client, secretOf(link))).statusCode).toBe(404);
    }
    const left = (await links(alice)).map((l) => l.pk);
    for (const link of [a!, b!, c!]) expect(left).not.toContain(link.pk);
    expect(
      await t.database.db.select().from(shareVisitors).where(eq(shareVisitors.shareId, b!.pk)),
    ).toEqual([]);
  });

  it('ends every link of an account deleted, and drops a deleted visitor from the list', async () => {
    const leaving = await signedUpClient(t);
    const link = await share(leaving, (await conversationOf(t, leaving, 1)).id);
    const visiting = await signedUpClient(t);
    const visited = await share(alice, (await conversationOf(t, alice, 1)).id);
    expect((await verify(visiting.client, secretOf(visited))).statusCode).toBe(200);
    for (const account of [leaving, visiting]) {
      await account.client.post('/api/user/send-verification-code', {
        verification_code_type: 'USER_DELETE',
      });
      const deleted = await account.client.request({
        method: 'DELETE',
        url: '/api/user/delete',
        payload: { verification_code: await lastCodeTo(t, account.email), password: PASSWORD },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
    }
    expect((await verify(bob.client, secretOf(link))).statusCode).toBe(404);
    expect(
      await t.database.db
        .select()
        .from(conversationShares)
        .where(eq(conversationShares.id, link.pk)),
    ).toEqual([]);
    expect((await links(alice)).find((l) => l.pk === visited.pk)?.visitors_count).toBe(0);
  });
});
