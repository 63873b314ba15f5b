import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema';
import { anotherInstance } from './app';
import { streamOpenAiAnswer } from './llm-upstreams';
import {
  chatHarnessForFile,
  createConversation,
  IDLE_TIMEOUT_MS,
  insertStreamingAnswer,
  messageRowsOf,
  sendFrame,
  signedInTab,
} from './chat-harness';

const STALE_AFTER_MS = 1_000;

const h = chatHarnessForFile({}, { chatStaleAfterMs: STALE_AFTER_MS });
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
});
