import { describe, expect, it } from 'vitest';
import { streamOpenAiAnswer, streamOpenAiUntilReleased } from './llm-upstreams';
import {
  chatHarnessForFile,
  connectSocket,
  OPENAI_MODEL,
  sendFrame,
  signedInTab,
  type ChatSocket,
} from './chat-harness';

const h = chatHarnessForFile();

/**
 * An answer that keeps writing (so the idle timeout never ends it) until `release` is called:
 * the test decides when it ends, not the clock.
 */
function answerUntilReleased() {
  let released = false;
  h.answerWith((request, res) =>
    streamOpenAiUntilReleased(request, res, { released: () => released, text: () => 'more ' }),
  );
  return () => {
    released = true;
  };
}

/** The text the deltas of one answer built in a tab. */
function answerText(tab: ChatSocket, messagePk: string): string {
  let text = '';
  for (const frame of tab.frames) {
    if (frame.type !== 'chat.delta' || frame.message_pk !== messagePk) continue;
    expect(frame.offset).toBe(text.length);
    text += frame.text;
  }
  return text;
}

const WORDS = ['The ', 'deposit ', 'is ', 'returned.'];

describe('a conversation open in two tabs', () => {
  it('the other tab receives questions asked in the first, and their answers', async () => {
    const release = answerUntilReleased();
    const { tab, access, conversationPk } = await signedInTab(h);
    const other = await connectSocket(h, access);
    tab.send(sendFrame(conversationPk));
    await tab.next('chat.accepted');
    await tab.next('chat.delta');
    // A delta reaching the other tab proves its subscription is in place.
    other.send({ type: 'chat.subscribe', conversation_pk: conversationPk, from_offset: 0 });
    await other.next('chat.delta');
    release();
    await Promise.all([tab.next('chat.done'), other.next('chat.done')]);

    h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: WORDS }));
    const question = sendFrame(conversationPk, { content: 'And after a month?' });
    tab.send(question);
    const seen = await other.next('chat.accepted');
    expect(seen.request_id).toBe(question.request_id);
    expect(seen.question).toMatchObject({ role: 'user', content: 'And after a month?' });
    expect(seen.answer).toMatchObject({ role: 'assistant', status: 'streaming', content: '' });
    const done = await other.next('chat.done');
    expect(done.message).toMatchObject({ pk: seen.answer.pk, content: WORDS.join('') });
    expect(answerText(other, seen.answer.pk)).toBe(WORDS.join(''));
    expect((await tab.next('chat.accepted')).answer.pk).toBe(seen.answer.pk);
    await tab.next('chat.done');

    // A regenerate keeps the question: the other tab replaces what followed it.
    tab.send({
      type: 'chat.regenerate',
      request_id: 'other-tabs-regenerate',
      conversation_pk: conversationPk,
      model_id: OPENAI_MODEL,
      language: 'en',
    });
    const again = await other.next('chat.accepted');
    expect(again.question.pk).toBe(seen.question.pk);
    expect(again.answer.pk).not.toBe(seen.answer.pk);
    expect((await other.next('chat.done')).message.pk).toBe(again.answer.pk);
    tab.close();
    other.close();
  });
});
