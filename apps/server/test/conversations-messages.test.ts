import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_PAGE_SIZE } from '@themis/shared';
import { createDiskStorage } from '../src/platform/storage/disk-storage';
import { createTestApp, type TestApp } from './app';
import { signedUpClient } from './accounts';
import { insertAttachment, insertConversation, insertMessages } from './conversations-fixtures';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedUpClient>>;
let bob: Awaited<ReturnType<typeof signedUpClient>>;
beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await signedUpClient(t), await signedUpClient(t)];
});
afterAll(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const page = async (client: typeof alice.client, url: string) => {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { seq: number; content: string }[];
    has_more: boolean;
    has_newer: boolean;
  };
};
const contents = (items: { content: string }[]) => items.map((m) => m.content);
/** 'Wiadomość from' … 'Wiadomość to', as the long conversation numbers them. */
const numbered = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `Wiadomość ${from + i}`);

describe('messages of a conversation', () => {
  it('come newest page first, each page oldest first', async () => {
    const conversation = await insertConversation(t, alice.user.pk);
    const rows = await insertMessages(
      t,
      conversation,
      Array.from({ length: 7 }, (_, i) => ({
        role: i % 2 ? ('assistant' as const) : ('user' as const),
        content: `m${i}`,
      })),
    );
    const other = await insertConversation(t, alice.user.pk);
    await insertMessages(t, other, [{ content: 'elsewhere' }]);
    const url = `/api/conversation/messages/${conversation.id}`;

    const latest = await page(alice.client, `${url}?limit=3`);
    expect(latest.items.map((m) => m.content)).toEqual(['m4', 'm5', 'm6']);
    expect(latest.has_more).toBe(true);
    const earlier = await page(alice.client, `${url}?limit=3&before_seq=${latest.items[0]!.seq}`);
    expect(earlier.items.map((m) => m.content)).toEqual(['m1', 'm2', 'm3']);
    expect(earlier.has_more).toBe(true);
    const first = await page(alice.client, `${url}?limit=3&before_seq=${earlier.items[0]!.seq}`);
    expect(first.items.map((m) => m.content)).toEqual(['m0']);
    expect(first.has_more).toBe(false);

    const all = await page(alice.client, url);
    expect(all.items.map((m) => m.seq)).toEqual(rows.map((r) => r.seq));
    expect(all.has_more).toBe(false);
    expect(MESSAGE_PAGE_SIZE).toBeGreaterThan(7);
    expect(await page(alice.client, `${url}?before_seq=${rows[0]!.seq}`)).toEqual({
      items: [],
      has_more: false,
      has_newer: true,
    });
  });

  it('carry their attachments, feedback and token usage', async () => {
    const conversation = await insertConversation(t, alice.user.pk);
    const [question, answer, stopped] = await insertMessages(t, conversation, [
      { content: 'Co mówi art. 415 k.c.?' },
      {
        role: 'assistant',
        content: 'Kto z winy swej wyrządził drugiemu szkodę…',
        modelId: 'demo',
        inputTokens: 120,
        outputTokens: 80,
        feedback: 'bad',
        feedbackReason: 'outdated_law',
        feedbackComment: 'Stary stan prawny',
      },
      { role: 'assistant', status: 'error', errorCode: 'message_generating_error' },
    ]);
    const storage = createDiskStorage(join(t.dataDir, 'files'));
    const pdf = await insertAttachment(t, storage, question!, { filename: 'pozew.pdf' });
    const image = await insertAttachment(t, storage, question!, {
      filename: 'skan.png',
      extractedText: null,
    });

    const { items } = await page(alice.client, `/api/conversation/messages/${conversation.id}`);
    expect(items).toEqual([
      {
        pk: question!.id,
        conversation_pk: conversation.id,
        seq: question!.seq,
        role: 'user',
        content: 'Co mówi art. 415 k.c.?',
        status: 'complete',
        error_code: null,
        model_id: null,
        attachments: [
          {
            pk: pdf.id,
            filename: 'pozew.pdf',
            media_type: 'application/pdf',
            size: 13,
            has_text: true,
          },
          {
            pk: image.id,
            filename: 'skan.png',
            media_type: 'application/pdf',
            size: 13,
            has_text: false,
          },
        ],
        feedback: null,
        usage: null,
        created_at: question!.createdAt.toISOString(),
        parent_pk: null,
        version: 1,
        versions: 1,
      },
      expect.objectContaining({
        pk: answer!.id,
        parent_pk: question!.id,
        role: 'assistant',
        model_id: 'demo',
        attachments: [],
        feedback: { value: 'bad', reason: 'outdated_law', comment: 'Stary stan prawny' },
        usage: { input_tokens: 120, output_tokens: 80, estimated: false },
      }),
      expect.objectContaining({
        pk: stopped!.id,
        status: 'error',
        error_code: 'message_generating_error',
        usage: null,
      }),
    ]);
  });

  it("are not found for another user's or an unknown conversation", async () => {
    const conversation = await insertConversation(t, alice.user.pk);
    await insertMessages(t, conversation, [{ content: 'private' }]);
    for (const [client, id] of [
      [bob.client, conversation.id],
      [alice.client, UNKNOWN],
    ] as const) {
      const res = await client.get(`/api/conversation/messages/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'not_found' });
    }
  });

  it('refuse bad paging parameters', async () => {
    const conversation = await insertConversation(t, alice.user.pk);
    for (const query of [
      'limit=0',
      'limit=201',
      'before_seq=0',
      'before_seq=x',
      'limit=1.5',
      'around_seq=0',
      'after_seq=-1',
      'before_seq=5&around_seq=5',
      'after_seq=5&before_seq=9',
    ]) {
      const res = await alice.client.get(`/api/conversation/messages/${conversation.id}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().detail).toBe('validation_error');
    }
    const ok = await alice.client.get(`/api/conversation/messages/${conversation.id}?limit=200`);
    expect(ok.statusCode).toBe(200);
    expect((await alice.client.get('/api/conversation/messages/123')).statusCode).toBe(400);
  });
});

describe('the page holding a message (a search hit at any depth)', () => {
  let long: { id: string; userId: string };
  /** seq of 'Wiadomość n'. */
  let seqOf: (n: number) => number;
  beforeAll(async () => {
    long = await insertConversation(t, alice.user.pk, { name: 'Długa rozmowa' });
    // One statement: 2,000 messages, numbered in seq order.
    await t.database.db.execute(sql`
      insert into messages (conversation_id, user_id, role, status, content)
      select ${long.id}::uuid, ${long.userId}::uuid,
        case when g % 2 = 1 then 'user' else 'assistant' end, 'complete', 'Wiadomość ' || g
      from generate_series(1, 2000) g
      order by g`);
    const latest = await page(alice.client, `/api/conversation/messages/${long.id}?limit=1`);
    const last = latest.items[0]!.seq;
    seqOf = (n) => last - 2000 + n;
  });

  it('opens at message 10 of 2,000, then pages both ways from there', async () => {
    const url = `/api/conversation/messages/${long.id}`;
    const around = await page(alice.client, `${url}?around_seq=${seqOf(10)}`);
    // Only 9 messages are older, so the newer side fills the page.
    expect(contents(around.items)).toEqual(numbered(1, 50));
    expect(around).toMatchObject({ has_more: false, has_newer: true });

    const next = await page(alice.client, `${url}?after_seq=${around.items.at(-1)!.seq}`);
    expect(contents(next.items)).toEqual(numbered(51, 100));
    expect(next).toMatchObject({ has_more: true, has_newer: true });

    const middle = await page(alice.client, `${url}?around_seq=${seqOf(1000)}&limit=10`);
    expect(contents(middle.items)).toEqual(numbered(995, 1004));
    expect(middle).toMatchObject({ has_more: true, has_newer: true });
    const before = await page(alice.client, `${url}?before_seq=${middle.items[0]!.seq}&limit=10`);
    expect(contents(before.items)).toEqual(numbered(985, 994));
    expect(before).toMatchObject({ has_more: true, has_newer: true });

    // Near the end the older side fills the page; paging forward reaches the newest.
    const end = await page(alice.client, `${url}?around_seq=${seqOf(1998)}&limit=10`);
    expect(contents(end.items)).toEqual(numbered(1991, 2000));
    expect(end).toMatchObject({ has_more: true, has_newer: false });
    const tail = await page(alice.client, `${url}?after_seq=${seqOf(1995)}`);
    expect(contents(tail.items)).toEqual(numbered(1996, 2000));
    expect(tail).toMatchObject({ has_more: true, has_newer: false });
    const latest = await page(alice.client, url);
    expect(latest).toMatchObject({ has_more: true, has_newer: false });
    expect(contents(latest.items)).toEqual(numbered(1951, 2000));
  });

  it("is not found for another user's or an unknown conversation", async () => {
    for (const [client, id] of [
      [bob.client, long.id],
      [alice.client, UNKNOWN],
    ] as const) {
      for (const key of ['around_seq', 'after_seq']) {
        const res = await client.get(`/api/conversation/messages/${id}?${key}=${seqOf(10)}`);
        expect(res.statusCode, key).toBe(404);
        expect(res.json()).toEqual({ detail: 'not_found' });
      }
    }
    // Bob's own conversation never shows Alice's messages, whatever seq he asks around.
    const own = await insertConversation(t, bob.user.pk);
    const res = await page(
      bob.client,
      `/api/conversation/messages/${own.id}?around_seq=${seqOf(10)}`,
    );
    expect(res).toEqual({ items: [], has_more: false, has_newer: false });
  });
});

describe('feedback on an answer', () => {
  it('is set, replaced, and cleared of its reason by a good rating', async () => {
    const conversation = await insertConversation(t, alice.user.pk);
    const [, answer] = await insertMessages(t, conversation, [
      { content: 'Pytanie' },
      { role: 'assistant', content: 'Odpowiedź' },
    ]);
    const url = `/api/message/feedback/${answer!.id}`;

    const bad = await alice.client.post(url, {
      value: 'bad',
      reason: 'missing_source',
      comment: '  Brak podstawy prawnej ',
    });
    expect(bad.statusCode, bad.body).toBe(200);
    expect(bad.json()).toMatchObject({
      pk: answer!.id,
      feedback: { value: 'bad', reason: 'missing_source', comment: 'Brak podstawy prawnej' },
    });

    const good = await alice.client.post(url, { value: 'good', comment: 'ignored' });
    expect(good.json().feedback).toEqual({ value: 'good', reason: null, comment: null });

    const again = await alice.client.post(url, { value: 'bad', reason: 'other' });
    expect(again.json().feedback).toEqual({ value: 'bad', reason: 'other', comment: null });
    const listed = await page(alice.client, `/api/conversation/messages/${conversation.id}`);
    expect(listed.items[1]).toMatchObject({ feedback: { value: 'bad', reason: 'other' } });
  });

  it('is for final answers only: cancelled and failed ones count, questions do not', async () => {
    const conversation = await insertConversation(t, alice.user.pk);
    const [question, streaming, cancelled, failed] = await insertMessages(t, conversation, [
      { content: 'Pytanie' },
      { role: 'assistant', status: 'streaming' },
      { role: 'assistant', status: 'cancelled' },
      { role: 'assistant', status: 'error', errorCode: 'message_generating_error' },
    ]);
    for (const message of [question!, streaming!]) {
      const res = await alice.client.post(`/api/message/feedback/${message.id}`, { value: 'good' });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('validation_error');
    }
    for (const message of [cancelled!, failed!]) {
      const res = await alice.client.post(`/api/message/feedback/${message.id}`, { value: 'good' });
      expect(res.statusCode).toBe(200);
    }
  });

  it('is validated and scoped to the owner', async () => {
    const conversation = await insertConversation(t, alice.user.pk);
    const [answer] = await insertMessages(t, conversation, [{ role: 'assistant' }]);
    const url = `/api/message/feedback/${answer!.id}`;
    for (const body of [
      { value: 'bad' },
      { value: 'meh' },
      { value: 'bad', reason: 'rude' },
      { value: 'bad', reason: 'other', comment: 'x'.repeat(2001) },
    ]) {
      const res = await alice.client.post(url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().detail).toBe('validation_error');
    }
    const foreign = await bob.client.post(url, { value: 'bad', reason: 'inaccurate' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'not_found' });
    const unknown = await alice.client.post(`/api/message/feedback/${UNKNOWN}`, { value: 'good' });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await alice.client.post('/api/message/feedback/abc', { value: 'good' })).statusCode,
    ).toBe(400);
    const listed = await page(alice.client, `/api/conversation/messages/${conversation.id}`);
    expect(listed.items[0]).toMatchObject({ feedback: null });
  });
});
