import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema';
import { anotherInstance } from './app';
import { streamOpenAiAnswer } from './llm-upstreams';
import {
  chatHarnessForFile,
  connectSocket,
  createConversation,
  IDLE_TIMEOUT_MS,
  insertStreamingAnswer,
  messageRowsOf,
  sendFrame,
  signedInTab,
} from './chat-harness';
import { encryptionHelpers } from './encryption-fixtures';

const STALE_AFTER_MS = 1_000;

const h = chatHarnessForFile({}, { chatStaleAfterMs: STALE_AFTER_MS });
const e = encryptionHelpers(h);
let releaseSilence: () => void = () => undefined;

async function rowOf(id: string) {
  const [row] = await h.t.database.db.select().from(messages).where(eq(messages.id, id));
  return row!;
}

describe('answers of an instance that died', () => {
  it('keeps a live answer fresh while its model is silent, so no sweeper takes it for dead', async () => {
    const silence = new Promise<void>((resolve) => {
      releaseSilence = resolve;
    });
    h.answerWith(async (request, res) => {
      await streamOpenAiAnswer(request, res, { deltas: ['Zaczynam. '], then: 'hang' });
      await silence;
      res.end();
    });
    const { tab, conversationPk } = await signedInTab(h);
    const frame = sendFrame(conversationPk);
    tab.send(frame);
    const accepted = await tab.next('chat.accepted');
    await tab.next('chat.delta');
    const answerId = accepted.answer.pk;
    // Wait for the text to be saved, then for the row to be written again with no new text.
    let first = await rowOf(answerId);
    while (first.content === '') first = await rowOf(answerId);
    let later = await rowOf(answerId);
    while (later.updatedAt.getTime() === first.updatedAt.getTime()) later = await rowOf(answerId);
    expect(later).toMatchObject({ status: 'streaming', content: 'Zaczynam. ' });
    releaseSilence();
    tab.close();
  });

  it('ends answers left streaming when an instance starts, before it serves', async () => {
    const { tab, user } = await signedInTab(h);
    tab.close();
    const conversationPk = await createConversation(h.t, user.pk);
    const left = await insertStreamingAnswer(h.t, {
      conversationPk,
      userId: user.pk,
      secondsAgo: 60,
    });
    const restarted = await anotherInstance(h.t, h.env, { chatIdleTimeoutMs: IDLE_TIMEOUT_MS });
    await restarted.ready();
    try {
      expect(await rowOf(left)).toMatchObject({
        status: 'error',
        errorCode: 'message_generating_error',
        content: 'half an answer',
      });
      expect((await messageRowsOf(h.t, conversationPk)).map((row) => row.status)).toEqual([
        'error',
      ]);
    } finally {
      await restarted.close();
    }
  });

  it('tells a tab following a sealed answer how it ended, opened with its own key', async () => {
    h.answerWith((request, res) =>
      streamOpenAiAnswer(request, res, { deltas: ['Zapieczętowana ', 'odpowiedź.'] }),
    );
    const { client } = await e.proUser();
    await e.setPin(client);
    expect((await client.post('/api/user/enable-encryption', {})).statusCode).toBe(200);
    const pk = (await client.post('/api/conversation/create', {})).json().pk as string;
    const asked = await e.ask(client, pk, 'A question kept private');
    // The answer as a writer that is still alive leaves it while writing: sealed, 'streaming'
    // (written in the future, so no sweep takes it before the tab follows it).
    const answerId = asked.message.pk;
    const writtenAt = (at: string) =>
      h.t.database.db
        .update(messages)
        .set({ status: 'streaming', updatedAt: sql.raw(at) })
        .where(eq(messages.id, answerId));
    await writtenAt("now() + interval '1 hour'");
    expect((await rowOf(answerId)).sealed).toBe(true);
    const tab = await connectSocket(h, client.jar.get('access'));
    tab.send({ type: 'chat.subscribe', conversation_pk: pk, from_offset: 0 });
    // Its catch-up shows the subscription is in place.
    await tab.next('chat.delta');
    // Now its writer dies: the sweeper, every third of the stale time, ends it.
    await writtenAt("now() - interval '1 minute'");
    const done = await tab.next('chat.done');
    expect(done.message).toMatchObject({
      pk: answerId,
      status: 'error',
      error_code: 'message_generating_error',
      content: 'Zapieczętowana odpowiedź.',
    });
    tab.close();
  });
});
