import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema';
import { pause, streamOpenAiAnswer } from './llm-upstreams';
import { chatHarnessForFile, connectSocket, sendFrame, signedInTab } from './chat-harness';

const h = chatHarnessForFile();

const WORDS = Array.from({ length: 25 }, (_, i) => `word${i} `);
const FULL = WORDS.join('');

function answerSlowly() {
  h.answerWith((request, res) =>
    streamOpenAiAnswer(request, res, {
      deltas: WORDS,
      delayMs: 30,
      usage: { input: 5, output: 5 },
    }),
  );
}

describe('resuming an answer', () => {
  it('a reconnected tab resumes from its offset with no gap or duplicate', async () => {
    answerSlowly();
    const { tab, access, conversationPk } = await signedInTab(h);
    tab.send(sendFrame(conversationPk));
    await tab.next('chat.delta', (frame) => frame.text === 'word5 ');
    tab.close();
    await tab.closed;
    const had = tab.textOf(conversationPk);

    // The dropped socket does not stop the answer.
    await pause(100);
    const again = await connectSocket(h, access);
    again.send({
      type: 'chat.subscribe',
      conversation_pk: conversationPk,
      from_offset: had.length,
    });
    const catchUp = await again.next('chat.delta');
    expect(catchUp.offset).toBe(had.length);
    const done = await again.next('chat.done');
    expect(done.message).toMatchObject({ content: FULL, status: 'complete' });

    let text = had;
    for (const frame of again.frames) {
      if (frame.type !== 'chat.delta') continue;
      expect(frame.offset).toBe(text.length);
      text += frame.text;
    }
    expect(text).toBe(FULL);
    again.close();
  });

  it('a second tab of the same user sees the same stream', async () => {
    answerSlowly();
    const { tab, access, conversationPk } = await signedInTab(h);
    const second = await connectSocket(h, access);
    tab.send(sendFrame(conversationPk));
    await tab.next('chat.delta', (frame) => frame.text === 'word3 ');
    second.send({ type: 'chat.subscribe', conversation_pk: conversationPk, from_offset: 0 });
    const [first, other] = await Promise.all([tab.next('chat.done'), second.next('chat.done')]);
    expect(other.message).toEqual(first.message);
    expect(tab.textOf(conversationPk)).toBe(FULL);
    expect(second.textOf(conversationPk)).toBe(FULL);
    tab.close();
    second.close();
  });

  it('subscribing where nothing streams sends nothing', async () => {
    const { tab, conversationPk } = await signedInTab(h);
    tab.send({ type: 'chat.subscribe', conversation_pk: conversationPk, from_offset: 0 });
    tab.send({ type: 'ping', id: 'after' });
    await tab.next('pong');
    expect(tab.frames).toEqual([{ type: 'pong', id: 'after' }]);
    tab.close();
  });

  it('a second tab that subscribed later also gets the next answers, until it unsubscribes', async () => {
    h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: ['short'] }));
    const { tab, access, conversationPk } = await signedInTab(h);
    const second = await connectSocket(h, access);
    second.send({ type: 'chat.subscribe', conversation_pk: conversationPk, from_offset: 0 });
    second.send({ type: 'ping' });
    await second.next('pong');
    tab.send(sendFrame(conversationPk));
    expect((await second.next('chat.done')).message.content).toBe('short');
    await tab.next('chat.done');
    second.send({ type: 'chat.unsubscribe', conversation_pk: conversationPk });
    second.send({ type: 'ping' });
    await second.next('pong');
    tab.send(sendFrame(conversationPk, { content: 'Again?' }));
    await tab.next('chat.done');
    second.send({ type: 'ping' });
    await second.next('pong');
    expect(second.frames.filter((frame) => frame.type === 'chat.done')).toHaveLength(1);
    tab.close();
    second.close();
  });
});

describe('another user', () => {
  it('cannot subscribe to, send to or stop a conversation that is not theirs', async () => {
    answerSlowly();
    const owner = await signedInTab(h);
    const stranger = await signedInTab(h);
    const pk = owner.conversationPk;
    owner.tab.send(sendFrame(pk));
    await owner.tab.next('chat.delta');

    stranger.tab.send({ type: 'chat.subscribe', conversation_pk: pk, from_offset: 0 });
    expect(await stranger.tab.next('error')).toEqual({
      type: 'error',
      detail: 'not_found',
      conversation_pk: pk,
    });
    stranger.tab.send({ type: 'chat.stop', conversation_pk: pk });
    expect((await stranger.tab.next('error')).detail).toBe('not_found');
    const frame = sendFrame(pk);
    stranger.tab.send(frame);
    expect(await stranger.tab.next('error')).toEqual({
      type: 'error',
      detail: 'not_found',
      request_id: frame.request_id,
      conversation_pk: pk,
    });

    const done = await owner.tab.next('chat.done');
    expect(done.message).toMatchObject({ status: 'complete', content: FULL });
    expect(stranger.tab.frames.some((f) => f.type === 'chat.delta')).toBe(false);
    const rows = await h.t.database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, pk));
    expect(rows).toHaveLength(2);
    owner.tab.close();
    stranger.tab.close();
  });
});
