import { describe, expect, it } from 'vitest';
import { ZMessagePage, type Message } from '@themis/shared';
import { signedUpClient, type Client } from './accounts';
import { streamOpenAiAnswer } from './llm-upstreams';
import {
  OPENAI_MODEL,
  chatHarnessForFile,
  sendFrame,
  signedInTab,
  type ChatSocket,
} from './chat-harness';

// Answers written again and questions edited anywhere become versions: the conversation shows
// one branch, and every earlier version stays reachable (POST /conversation/switch-version).

const h = chatHarnessForFile();

/** Each answer says which round of the model wrote it; `slow` holds an answer back. */
function numberedAnswers() {
  let round = 0;
  h.answerWith((request, res) => {
    round += 1;
    return streamOpenAiAnswer(request, res, { deltas: [`answer ${round}`] });
  });
}

async function ask(tab: ChatSocket, conversationPk: string, content: string) {
  const frame = sendFrame(conversationPk, { content });
  tab.send(frame);
  const accepted = await tab.next('chat.accepted', (f) => f.request_id === frame.request_id);
  await tab.next('chat.done', (f) => f.message.pk === accepted.answer.pk);
  return accepted;
}

async function redo(
  tab: ChatSocket,
  conversationPk: string,
  frame: { type: 'chat.regenerate' | 'chat.edit'; message_pk?: string; content?: string },
) {
  const requestId = `${frame.type}-${Math.random()}`;
  tab.send({
    request_id: requestId,
    conversation_pk: conversationPk,
    model_id: OPENAI_MODEL,
    language: 'en',
    ...frame,
  });
  // Whichever comes: the other one's wait ends with nothing.
  const reply = (await Promise.race([
    tab.next('chat.accepted', (f) => f.request_id === requestId).catch(() => undefined),
    tab.next('error', (f) => f.request_id === requestId).catch(() => undefined),
  ]))!;
  if (reply.type === 'chat.accepted') {
    await tab.next('chat.done', (f) => f.message.pk === reply.answer.pk);
  }
  return reply;
}

const shown = (items: Message[]) => items.map((m) => `${m.content} (${m.version}/${m.versions})`);

async function page(client: Client, conversationPk: string) {
  const res = await client.get(`/api/conversation/messages/${conversationPk}`);
  expect(res.statusCode).toBe(200);
  return ZMessagePage.parse(res.json()).items;
}

async function switchTo(
  client: Client,
  conversationPk: string,
  messagePk: string,
  version: number,
) {
  return client.post(`/api/conversation/switch-version/${conversationPk}`, {
    message_pk: messagePk,
    version,
  });
}

/** What the model was asked last: the conversation's turns after the system prompt. */
const lastModelInput = () =>
  (h.chatRequests().at(-1)!.body.messages as { role: string; content: string }[])
    .slice(1)
    .map((m) => m.content);

describe('answer versions', () => {
  it('keeps the answer written again as a version to go back to, and goes on from the one shown', async () => {
    numberedAnswers();
    const { client, tab, conversationPk } = await signedInTab(h);
    await ask(tab, conversationPk, 'Q1');
    const second = await ask(tab, conversationPk, 'Q2');

    const regenerated = await redo(tab, conversationPk, { type: 'chat.regenerate' });
    if (regenerated.type !== 'chat.accepted') throw new Error(regenerated.detail);
    expect(regenerated.question).toMatchObject({ pk: second.question.pk, version: 1, versions: 1 });
    expect(regenerated.answer).toMatchObject({
      parent_pk: second.question.pk,
      version: 2,
      versions: 2,
    });
    expect(shown(await page(client, conversationPk))).toEqual([
      'Q1 (1/1)',
      'answer 1 (1/1)',
      'Q2 (1/1)',
      'answer 3 (2/2)',
    ]);

    // Back to the first version: the page of the branch now shown comes back, and the tabs
    // following the conversation are told which version is shown.
    const back = await switchTo(client, conversationPk, regenerated.answer.pk, 1);
    expect(back.statusCode).toBe(200);
    const told = await tab.next('conversation.branch_changed');
    expect(told).toEqual({
      type: 'conversation.branch_changed',
      conversation_pk: conversationPk,
      message_pk: ZMessagePage.parse(back.json()).items.at(-1)!.pk,
    });
    expect(shown(ZMessagePage.parse(back.json()).items)).toEqual([
      'Q1 (1/1)',
      'answer 1 (1/1)',
      'Q2 (1/1)',
      'answer 2 (1/2)',
    ]);
    expect(shown(await page(client, conversationPk))).toEqual(
      shown(ZMessagePage.parse(back.json()).items),
    );

    // A follow-up continues the branch shown, and the model reads that branch.
    await ask(tab, conversationPk, 'Q3');
    expect(lastModelInput()).toEqual(['Q1', 'answer 1', 'Q2', 'answer 2', 'Q3']);
    tab.close();
  });

  it('writes an earlier answer again, leaving what followed it a branch of its own', async () => {
    numberedAnswers();
    const { client, tab, conversationPk } = await signedInTab(h);
    const first = await ask(tab, conversationPk, 'Q1');
    await ask(tab, conversationPk, 'Q2');

    await redo(tab, conversationPk, { type: 'chat.regenerate', message_pk: first.answer.pk });
    expect(lastModelInput()).toEqual(['Q1']);
    expect(shown(await page(client, conversationPk))).toEqual(['Q1 (1/1)', 'answer 3 (2/2)']);

    const back = await switchTo(client, conversationPk, first.answer.pk, 1);
    // Hidden versions are not shown messages: their pk is no handle.
    expect(back.statusCode).toBe(404);
    const shownAnswer = (await page(client, conversationPk))[1]!;
    const restored = await switchTo(client, conversationPk, shownAnswer.pk, 1);
    expect(shown(ZMessagePage.parse(restored.json()).items)).toEqual([
      'Q1 (1/1)',
      'answer 1 (1/2)',
      'Q2 (1/1)',
      'answer 2 (1/1)',
    ]);
    tab.close();
  });
});

describe('question versions', () => {
  it('edits an earlier question as a new branch, and the old branch stays reachable', async () => {
    numberedAnswers();
    const { client, tab, conversationPk } = await signedInTab(h);
    const first = await ask(tab, conversationPk, 'Q1');
    await ask(tab, conversationPk, 'Q2');

    const edited = await redo(tab, conversationPk, {
      type: 'chat.edit',
      message_pk: first.question.pk,
      content: 'Q1, in other words',
    });
    if (edited.type !== 'chat.accepted') throw new Error(edited.detail);
    expect(edited.question).toMatchObject({
      content: 'Q1, in other words',
      parent_pk: null,
      version: 2,
      versions: 2,
    });
    expect(edited.question.pk).not.toBe(first.question.pk);
    // The model reads the new branch only.
    expect(lastModelInput()).toEqual(['Q1, in other words']);
    expect(shown(await page(client, conversationPk))).toEqual([
      'Q1, in other words (2/2)',
      'answer 3 (1/1)',
    ]);

    const old = await switchTo(client, conversationPk, edited.question.pk, 1);
    expect(shown(ZMessagePage.parse(old.json()).items)).toEqual([
      'Q1 (1/2)',
      'answer 1 (1/1)',
      'Q2 (1/1)',
      'answer 2 (1/1)',
    ]);
    // Survives a reload: the branch shown is stored.
    expect(shown(await page(client, conversationPk))).toEqual(
      shown(ZMessagePage.parse(old.json()).items),
    );
    const again = await switchTo(client, conversationPk, first.question.pk, 2);
    expect(shown(ZMessagePage.parse(again.json()).items)).toEqual([
      'Q1, in other words (2/2)',
      'answer 3 (1/1)',
    ]);
    tab.close();
  });

  it('refuses an answer as the question to edit, a question as the answer to write again, and versions that do not exist', async () => {
    numberedAnswers();
    const { client, tab, conversationPk } = await signedInTab(h);
    const first = await ask(tab, conversationPk, 'Q1');
    for (const frame of [
      { type: 'chat.edit' as const, message_pk: first.answer.pk, content: 'x' },
      { type: 'chat.regenerate' as const, message_pk: first.question.pk },
      { type: 'chat.regenerate' as const, message_pk: crypto.randomUUID() },
    ]) {
      const reply = await redo(tab, conversationPk, frame);
      expect([reply.type, reply.type === 'error' && reply.detail]).toEqual(['error', 'not_found']);
    }
    for (const version of [0, 2]) {
      const res = await switchTo(client, conversationPk, first.answer.pk, version);
      expect(res.statusCode).toBe(version === 0 ? 400 : 404);
    }
    // Nothing was written by the refusals.
    expect(shown(await page(client, conversationPk))).toEqual(['Q1 (1/1)', 'answer 1 (1/1)']);
    tab.close();
  });

  it('refuses to switch while an answer is being written', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    h.answerWith(async (request, res) => {
      await held;
      return streamOpenAiAnswer(request, res, { deltas: ['late'] });
    });
    const { client, tab, conversationPk } = await signedInTab(h);
    const frame = sendFrame(conversationPk, { content: 'Q1' });
    tab.send(frame);
    const accepted = await tab.next('chat.accepted');
    const res = await switchTo(client, conversationPk, accepted.answer.pk, 1);
    expect([res.statusCode, res.json()]).toEqual([409, { detail: 'conversation_busy' }]);
    // Someone else learns nothing of the answer being written: the conversation is not found.
    const stranger = (await signedUpClient(h.t)).client;
    const peek = await switchTo(stranger, conversationPk, accepted.answer.pk, 1);
    expect([peek.statusCode, peek.json()]).toEqual([404, { detail: 'not_found' }]);
    release();
    await tab.next('chat.done');
    expect((await switchTo(client, conversationPk, accepted.answer.pk, 1)).statusCode).toBe(200);
    tab.close();
  });
});
