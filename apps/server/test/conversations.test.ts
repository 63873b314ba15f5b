import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_PAGE_SIZE } from '@themis/shared';
import { attachments, messages, tokenUsage } from '../src/db/schema';
import { createDiskStorage } from '../src/platform/storage/disk-storage';
import type { FileStorage } from '../src/platform/storage/storage';
import { createTestApp, type TestApp } from './app';
import { Client, signedUpClient } from './accounts';
import {
  conversationRow,
  flakyStorage,
  insertAttachment,
  insertConversation,
  insertMessages,
} from './conversations-fixtures';

let t: TestApp;
let filesDir: string;
let storage: FileStorage;
const failingKeys = new Set<string>();
let alice: Awaited<ReturnType<typeof signedUpClient>>;
let bob: Awaited<ReturnType<typeof signedUpClient>>;

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'themis-conversation-files-'));
  storage = createDiskStorage(filesDir);
  t = await createTestApp({ storage: flakyStorage(storage, failingKeys) });
  [alice, bob] = [await signedUpClient(t), await signedUpClient(t)];
});
afterAll(async () => {
  await t.close();
  await rm(filesDir, { recursive: true, force: true });
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('conversations', () => {
  it('need a session for every route', async () => {
    for (const [method, url] of [
      ['POST', '/api/conversation/create'],
      ['GET', '/api/conversation/list'],
      ['GET', `/api/conversation/get/${UNKNOWN}`],
      ['GET', `/api/conversation/messages/${UNKNOWN}`],
      ['PUT', `/api/conversation/rename/${UNKNOWN}`],
      ['DELETE', `/api/conversation/delete/${UNKNOWN}`],
      ['GET', '/api/conversation/search?q=kodeks'],
      ['POST', `/api/message/feedback/${UNKNOWN}`],
      ['GET', '/api/usage/current'],
    ] as const) {
      const res = await new Client(t).request({ method, url, payload: {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ detail: 'unauthorized' });
    }
  });

  it('are created with a name, or with an empty one the first question fills', async () => {
    const named = await alice.client.post('/api/conversation/create', { name: '  Najem lokalu ' });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toEqual({
      pk: expect.any(String),
      name: 'Najem lokalu',
      created_at: expect.any(String),
      updated_at: named.json().created_at,
      is_streaming: false,
      is_encrypted: false,
      is_locked: false,
    });
    for (const body of [{}, { name: '' }, { name: '   ' }]) {
      const res = await alice.client.post('/api/conversation/create', body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().name).toBe('');
      const row = await conversationRow(t, res.json().pk);
      expect(row).toMatchObject({ userId: alice.user.pk, name: '', nameSetByUser: false });
    }
    // The body is the request object, even when it names nothing.
    const noBody = await alice.client.post('/api/conversation/create');
    expect(noBody.statusCode).toBe(400);
    const long = await alice.client.post('/api/conversation/create', { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      detail: 'validation_error',
      errors: { name: [expect.any(String)] },
    });
    const wrongType = await alice.client.post('/api/conversation/create', { name: 7 });
    expect(wrongType.statusCode).toBe(400);
  });

  it('are read one at a time only by their owner', async () => {
    const { pk } = (await alice.client.post('/api/conversation/create', { name: 'Mine' })).json();
    const own = await alice.client.get(`/api/conversation/get/${pk}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ pk, name: 'Mine', is_streaming: false });
    // A UUID is the same in capitals.
    const capitals = await alice.client.get(`/api/conversation/get/${pk.toUpperCase()}`);
    expect(capitals.statusCode).toBe(200);
    expect(capitals.json()).toMatchObject({ pk, name: 'Mine' });

    for (const [client, id] of [
      [bob.client, pk],
      [alice.client, UNKNOWN],
    ] as const) {
      const res = await client.get(`/api/conversation/get/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'not_found' });
    }
    const malformed = await alice.client.get('/api/conversation/get/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBe('validation_error');
  });

  it('are listed newest activity first, page by page, with is_streaming', async () => {
    const { client, user } = await signedUpClient(t);
    const rows = [];
    for (let i = 0; i < 7; i++) {
      rows.push(await insertConversation(t, user.pk, { name: `c${i}`, updatedAt: minutesAgo(i) }));
    }
    // Two with the same instant: the id breaks the tie, so neither is skipped nor repeated.
    const tie = minutesAgo(30);
    rows.push(await insertConversation(t, user.pk, { name: 'tie-a', updatedAt: tie }));
    rows.push(await insertConversation(t, user.pk, { name: 'tie-b', updatedAt: tie }));
    await insertMessages(t, rows[2]!, [{ role: 'assistant', status: 'streaming' }]);
    await insertConversation(t, bob.user.pk, { name: 'not yours', updatedAt: new Date() });

    const seen: { name: string; is_streaming: boolean }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/conversation/list?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await client.get(url);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    const ties = rows.slice(7).sort((a, b) => a.id.localeCompare(b.id));
    expect(seen.map((c) => c.name)).toEqual([
      ...['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6'],
      ...ties.map((r) => r.name),
    ]);
    expect(seen.filter((c) => c.is_streaming).map((c) => c.name)).toEqual(['c2']);

    const all = (await client.get('/api/conversation/list')).json();
    expect(all.items).toHaveLength(9);
    expect(all.next_cursor).toBeNull();
    expect(CONVERSATION_PAGE_SIZE).toBeGreaterThan(9);
    const empty = (await (await signedUpClient(t)).client.get('/api/conversation/list')).json();
    expect(empty).toEqual({ items: [], next_cursor: null });
  });

  it('refuse a bad cursor or limit', async () => {
    const forged = Buffer.from('2026-02-30T10:00:00.000000Z|' + UNKNOWN).toString('base64url');
    for (const query of [
      'cursor=garbage',
      `cursor=${forged}`,
      `cursor=${Buffer.from('x|y').toString('base64url')}`,
      'limit=0',
      'limit=101',
      'limit=abc',
    ]) {
      const res = await alice.client.get(`/api/conversation/list?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().detail).toBe('validation_error');
    }
  });

  it('are renamed by their owner, which keeps their place in the list', async () => {
    const row = await insertConversation(t, alice.user.pk, { name: '', updatedAt: minutesAgo(90) });
    const res = await alice.client.put(`/api/conversation/rename/${row.id}`, { name: ' Spadek ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pk: row.id, name: 'Spadek' });
    expect(res.json().updated_at).toBe(row.updatedAt.toISOString());
    expect(await conversationRow(t, row.id)).toMatchObject({
      name: 'Spadek',
      nameSetByUser: true,
      updatedAt: row.updatedAt,
    });

    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const bad = await alice.client.put(`/api/conversation/rename/${row.id}`, { name });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.name).toEqual([
        name.length > 100 ? 'validation.conversationNameMax' : 'validation.required',
      ]);
    }
    const ok100 = await alice.client.put(`/api/conversation/rename/${row.id}`, {
      name: 'x'.repeat(100),
    });
    expect(ok100.statusCode).toBe(200);
    const foreign = await bob.client.put(`/api/conversation/rename/${row.id}`, {
      name: 'Mine now',
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await alice.client.put(`/api/conversation/rename/${UNKNOWN}`, { name: 'A' });
    expect(unknown.statusCode).toBe(404);
    expect((await conversationRow(t, row.id))!.name).toBe('x'.repeat(100));
  });

  it('are deleted with their messages and files, but the used tokens stay counted', async () => {
    const { client, user } = await signedUpClient(t);
    const row = await insertConversation(t, user.pk);
    const [question] = await insertMessages(t, row, [{ content: 'Czy mogę wypowiedzieć umowę?' }]);
    const files = [
      await insertAttachment(t, storage, question!),
      await insertAttachment(t, storage, question!),
    ];
    const kept = await insertConversation(t, user.pk, { name: 'kept' });
    await t.database.db
      .insert(tokenUsage)
      .values({ userId: user.pk, month: '2026-01-01', tokens: 42 });

    expect((await bob.client.delete(`/api/conversation/delete/${row.id}`)).statusCode).toBe(404);
    expect(await storage.get(files[0]!.storageKey)).not.toBeNull();

    failingKeys.add(files[1]!.storageKey);
    const res = await client.delete(`/api/conversation/delete/${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(await storage.get(files[0]!.storageKey)).toBeNull();
    expect(t.logs.join('')).toContain('attachment file not deleted');

    const db = t.database.db;
    expect(await conversationRow(t, row.id)).toBeUndefined();
    expect(await db.select().from(messages).where(eq(messages.conversationId, row.id))).toEqual([]);
    expect(await db.select().from(attachments).where(eq(attachments.userId, user.pk))).toEqual([]);
    expect(await db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.pk))).toHaveLength(
      1,
    );
    expect(await conversationRow(t, kept.id)).toBeDefined();

    expect((await client.delete(`/api/conversation/delete/${row.id}`)).statusCode).toBe(404);
    expect((await client.delete('/api/conversation/delete/nope')).statusCode).toBe(400);
    expect((await client.get(`/api/conversation/get/${row.id}`)).statusCode).toBe(404);
  });

  it("never show one user's conversations to another", async () => {
    const own = await insertConversation(t, bob.user.pk, { name: 'Bob only' });
    const list = (await alice.client.get('/api/conversation/list?limit=100')).json();
    expect(list.items.map((c: { pk: string }) => c.pk)).not.toContain(own.id);
    expect((await alice.client.get(`/api/conversation/messages/${own.id}`)).statusCode).toBe(404);
    expect((await alice.client.get(`/api/conversation/get/${own.id}`)).statusCode).toBe(404);
    expect(await conversationRow(t, own.id)).toMatchObject({ name: 'Bob only' });
  });
});
