import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { Client, signedUpClient } from './accounts';
import { insertConversation, insertMessages } from './conversations-fixtures';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedUpClient>>;
let bob: Awaited<ReturnType<typeof signedUpClient>>;
const ids: Record<string, { conversation: string; messages: string[]; seqs: number[] }> = {};

const LONG_ANSWER =
  'Na wstępie warto przypomnieć ogólne zasady prawa zobowiązań oraz to, jak sądy podchodzą ' +
  'do kwestii winy i związku przyczynowego w sprawach o naprawienie szkody wyrządzonej czynem ' +
  'niedozwolonym. Kodeks cywilny w art. 415 stanowi, że kto z winy swej wyrządził drugiemu ' +
  'szkodę, obowiązany jest do jej naprawienia. Dalsze przepisy regulują odpowiedzialność za ' +
  'cudze czyny, za zwierzęta, za zawalenie się budowli oraz odpowiedzialność na zasadzie ryzyka.';

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await signedUpClient(t), await signedUpClient(t)];
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const seed = async (
    key: string,
    owner: string,
    name: string,
    contents: string[],
    updatedAt: Date,
  ) => {
    const conversation = await insertConversation(t, owner, { name, updatedAt });
    const rows = await insertMessages(
      t,
      conversation,
      contents.map((content, i) => ({ content, role: i % 2 ? 'assistant' : 'user' })),
    );
    ids[key] = {
      conversation: conversation.id,
      messages: rows.map((r) => r.id),
      seqs: rows.map((r) => r.seq),
    };
  };
  await seed(
    'tort',
    alice.user.pk,
    'Odszkodowanie za zalanie',
    ['Sąsiad zalał mi mieszkanie.', LONG_ANSWER],
    minutesAgo(10),
  );
  await seed(
    'lease',
    alice.user.pk,
    'Lease agreement',
    [
      'Can my landlord terminate the lease agreement early?',
      'Under the Civil Code a landlord may terminate a lease only for statutory reasons.',
    ],
    minutesAgo(5),
  );
  await seed(
    'zazolc',
    alice.user.pk,
    'Zażółć gęślą jaźń',
    ['Pytanie o świadczenie alimentacyjne'],
    minutesAgo(1),
  );
  await seed(
    'secret',
    bob.user.pk,
    'Kodeks cywilny Boba',
    ['Tajny kodeks cywilny i art. 415'],
    minutesAgo(0),
  );
});
afterAll(() => t.close());

interface Hit {
  conversation_pk: string;
  conversation_name: string;
  message_pk: string | null;
  message_seq: number | null;
  snippet: string;
  updated_at: string;
}

async function search(q: string, client = alice.client, limit?: number): Promise<Hit[]> {
  const params = new URLSearchParams({ q, ...(limit && { limit: String(limit) }) });
  const res = await client.get(`/api/conversation/search?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

describe('conversation search', () => {
  it('finds Polish text by statute name and article number, with a snippet', async () => {
    const hits = await search('kodeks cywilny');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      conversation_pk: ids.tort!.conversation,
      conversation_name: 'Odszkodowanie za zalanie',
      message_pk: ids.tort!.messages[1],
      message_seq: ids.tort!.seqs[1],
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(hits[0]!.snippet.length).toBeLessThanOrEqual(162);
    expect(hits[0]!.snippet).toContain('Kodeks cywilny w art. 415');

    const article = await search('art. 415');
    expect(article.map((h) => h.message_pk)).toEqual([ids.tort!.messages[1]]);
    expect(article[0]!.snippet).toMatch(/^….*art\. 415.*…$/);
  });

  it('finds English text and conversation names, names without a message', async () => {
    const hits = await search('lease agreement');
    // Every word must occur: the answer says "lease" but not "agreement".
    expect(hits.map((h) => h.message_pk).sort()).toEqual([ids.lease!.messages[0], null].sort());
    const byName = hits.find((h) => h.message_pk === null)!;
    expect(byName).toMatchObject({
      conversation_pk: ids.lease!.conversation,
      message_seq: null,
      snippet: 'Lease agreement',
    });
    expect((await search('lease')).map((h) => h.message_pk)).toContain(ids.lease!.messages[1]);
  });

  it('matches diacritics in any case, and a word still being typed', async () => {
    expect((await search('ZAŻÓŁĆ')).map((h) => h.conversation_pk)).toEqual([
      ids.zazolc!.conversation,
    ]);
    expect((await search('świadczenie')).map((h) => h.message_pk)).toEqual([
      ids.zazolc!.messages[0],
    ]);
    expect((await search('odszkod')).map((h) => h.message_pk)).toEqual([null]);
    expect((await search('landl')).length).toBe(2);
    expect((await search('kodeks cyw')).map((h) => h.conversation_pk)).toEqual([
      ids.tort!.conversation,
    ]);
    expect(await search('odszkod"')).toEqual([]);
  });

  it('answers nothing rather than an error for no hits or only punctuation', async () => {
    expect(await search('rozwód')).toEqual([]);
    expect(await search('... !!!')).toEqual([]);
    // An unclosed quote is a phrase, in its order, with no prefix added.
    expect(await search('"cywilny kodeks')).toEqual([]);
    expect(await search("'; drop table messages; --")).toEqual([]);
    expect(await search('zalanie -odszkodowanie')).toEqual([]);
  });

  it("never finds another user's text", async () => {
    const bobs = await search('kodeks cywilny', bob.client);
    expect(bobs.map((h) => h.conversation_pk)).toEqual([
      ids.secret!.conversation,
      ids.secret!.conversation,
    ]);
    const alices = await search('tajny');
    expect(alices).toEqual([]);
    expect((await search('Boba')).length).toBe(0);
  });

  it('ranks better matches first and honours the limit', async () => {
    const hits = await search('odpowiedzialność');
    expect(hits).toHaveLength(1);
    const limited = await search('lease', alice.client, 1);
    expect(limited).toHaveLength(1);
  });

  it('finds an answer once it has ended, not while it streams', async () => {
    const conversation = await insertConversation(t, alice.user.pk, { name: 'Umowa dzierżawy' });
    const [question, answer] = await insertMessages(t, conversation, [
      { content: 'Czy mogę wypowiedzieć umowę?' },
      { content: 'Dzierżawca może wypowiedzieć', role: 'assistant', status: 'streaming' },
    ]);
    expect(await search('dzierżawca')).toEqual([]);
    await t.database.db
      .update(messages)
      .set({ content: 'Dzierżawca może wypowiedzieć umowę', status: 'complete' })
      .where(eq(messages.id, answer!.id));
    expect((await search('dzierżawca')).map((h) => h.message_pk)).toEqual([answer!.id]);
    expect((await search('wypowiedzieć')).map((h) => h.message_pk).sort()).toEqual(
      [question!.id, answer!.id].sort(),
    );
  });

  it('validates the query and needs a session', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20%20',
      `q=${'a'.repeat(201)}`,
      'q=a&limit=0',
      'q=a&limit=51',
    ]) {
      const res = await alice.client.get(`/api/conversation/search?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().detail).toBe('validation_error');
    }
    expect((await new Client(t).get('/api/conversation/search?q=kodeks')).statusCode).toBe(401);
  });
});
