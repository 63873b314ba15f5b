import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import {
  conversationPageQuery,
  messagePageQuery,
} from '../src/modules/conversations/conversations.repo';
import {
  searchConversations,
  searchTsQuery,
} from '../src/modules/conversations/conversations-search.repo';
import { splitQuery } from '../src/modules/conversations/conversations-search.service';
import { createTestApp, type TestApp } from './app';
import { signedUpClient } from './accounts';
import { insertConversation } from './conversations-fixtures';

const CONVERSATIONS = 10_000;
const MESSAGES = 2_000;

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUpClient>>;
let bigConversation: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedUpClient(t);
  const other = await signedUpClient(t);
  const db = t.database.db;
  // One statement each: "Sprawa 1" is the newest, a minute apart.
  for (const [userId, count] of [
    [owner.user.pk, CONVERSATIONS],
    [other.user.pk, 1_000],
  ] as const) {
    await db.execute(sql`
      insert into conversations (user_id, name, created_at, updated_at)
      select ${userId}::uuid, 'Sprawa ' || g, now() - interval '1 day', now() - g * interval '1 minute'
      from generate_series(1, ${count}::int) g`);
  }
  const big = await insertConversation(t, owner.user.pk, {
    name: 'Długa rozmowa',
    updatedAt: new Date(),
  });
  bigConversation = big.id;
  await db.execute(sql`
    insert into messages (conversation_id, user_id, role, status, content)
    select ${big.id}::uuid, ${owner.user.pk}::uuid,
      case when g % 2 = 1 then 'user' else 'assistant' end, 'complete', 'Wiadomość ' || g
    from generate_series(1, ${MESSAGES}::int) g
    order by g`);
  // A question and an answer in every case, for the search to look through.
  await db.execute(sql`
    insert into messages (conversation_id, user_id, role, status, content)
    select c.id, c.user_id, r.role, 'complete', r.word || ' ' || split_part(c.name, ' ', 2)
    from conversations c
    cross join (values ('user', 'Pytanie'), ('assistant', 'Odpowiedź')) r(role, word)
    where c.user_id = ${owner.user.pk}::uuid and c.name like 'Sprawa %'`);
  await db.execute(sql`analyze conversations`);
  await db.execute(sql`analyze messages`);
}, 120_000);
afterAll(() => t.close());

async function plan(query: SQLWrapper): Promise<string> {
  const result = await t.database.db.execute(sql`explain ${query}`);
  const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
  return rows.map((row) => Object.values(row).join(' ')).join('\n');
}

/** The statement the search runs for `q`, caught instead of run so that it can be explained. */
async function searchStatement(userId: string, q: string): Promise<SQLWrapper> {
  let statement: SQLWrapper | undefined;
  const catcher = {
    execute: (query: SQLWrapper) => {
      statement = query;
      return Promise.resolve({ rows: [] });
    },
  } as unknown as Database;
  await searchConversations({
    db: catcher,
    scope: { userId, organizationId: null },
    tsquery: searchTsQuery(splitQuery(q)),
    limit: 20,
  });
  return statement!;
}

describe('conversations at scale', () => {
  it('pages through 10,000 conversations in order, first page to last', async () => {
    const first = (await owner.client.get('/api/conversation/list')).json();
    expect(first.items).toHaveLength(30);
    expect(first.items.slice(0, 3).map((c: { name: string }) => c.name)).toEqual([
      'Długa rozmowa',
      'Sprawa 1',
      'Sprawa 2',
    ]);

    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/conversation/list?limit=100${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await owner.client.get(url)).json();
      names.push(...page.items.map((c: { name: string }) => c.name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(names).toHaveLength(CONVERSATIONS + 1);
    expect(names.slice(1)).toEqual(
      Array.from({ length: CONVERSATIONS }, (_, i) => `Sprawa ${i + 1}`),
    );
  }, 120_000);

  it('pages through a 2,000-message conversation from the newest back', async () => {
    const url = `/api/conversation/messages/${bigConversation}`;
    const latest = (await owner.client.get(url)).json();
    expect(latest.items).toHaveLength(50);
    expect(latest.items[0].content).toBe('Wiadomość 1951');
    expect(latest.items[49].content).toBe('Wiadomość 2000');
    expect(latest.has_more).toBe(true);

    const seqOf101 = latest.items[0].seq - 1850;
    const deep = (await owner.client.get(`${url}?before_seq=${seqOf101}&limit=200`)).json();
    expect(deep.items.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: 100 }, (_, i) => `Wiadomość ${i + 1}`),
    );
    expect(deep.has_more).toBe(false);
  });

  it('plans the list and the message page on their indexes', async () => {
    const db = t.database.db;
    const scope = { userId: owner.user.pk, organizationId: null };
    const firstPage = await plan(conversationPageQuery({ db, scope, limit: 31 }));
    expect(firstPage).toContain('conversations_individual_updated_idx');
    expect(firstPage).not.toMatch(/Seq Scan on conversations/);

    // Half-way down the list, where an offset would have to skip 5,000 rows.
    const halfway = new Date(Date.now() - 5_000 * 60_000).toISOString().replace('Z', '000Z');
    const deepKey = { at: halfway, id: '00000000-0000-4000-8000-000000000000' };
    const deepPage = await plan(conversationPageQuery({ db, scope, after: deepKey, limit: 31 }));
    expect(deepPage).toContain('conversations_individual_updated_idx');
    expect(deepPage).not.toContain('Sort');
    // In an organization's context, its own index.
    const organizationScope = { ...scope, organizationId: '00000000-0000-4000-8000-000000000001' };
    const organizationPage = await plan(
      conversationPageQuery({ db, scope: organizationScope, limit: 31 }),
    );
    expect(organizationPage).toContain('conversations_organization_updated_idx');
    expect(organizationPage).not.toContain('Sort');

    const messagesPage = await plan(
      messagePageQuery({ db, conversationId: bigConversation, beforeSeq: 500, limit: 51 }),
    );
    expect(messagesPage).toContain('messages_conversation_seq_idx');
  });

  it('finds a case among 10,000 by full-text search, on the GIN indexes', async () => {
    const userId = owner.user.pk;
    const found = (await owner.client.get('/api/conversation/search?q=sprawa%201234')).json();
    expect(found.items.map((hit: { snippet: string }) => hit.snippet)).toContain('Sprawa 1234');
    const typed = (
      await owner.client.get('/api/conversation/search?q=odpowied%C5%BA%20123')
    ).json();
    expect(typed.items.map((hit: { snippet: string }) => hit.snippet)).toContain('Odpowiedź 1237');

    // Names and messages, a whole word and a word still being typed.
    for (const q of ['sprawa 1234', 'odpowiedź 123', '7777']) {
      const searchPlan = await plan(await searchStatement(userId, q));
      expect(searchPlan, q).toContain('conversations_search_idx');
      expect(searchPlan, q).toContain('messages_search_idx');
      expect(searchPlan, q).not.toMatch(/Seq Scan on (conversations|messages)/);
    }
  });
});
