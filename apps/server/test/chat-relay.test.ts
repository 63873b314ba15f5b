import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@themis/shared';
import { anotherInstance } from './app';
import { pause, streamOpenAiAnswer, streamOpenAiUntilReleased } from './llm-upstreams';
import {
  connectSocket,
  IDLE_TIMEOUT_MS,
  sendFrame,
  signedInTab,
  startChatHarness,
  type ChatHarness,
} from './chat-harness';

const REDIS_URL = process.env.TEST_REDIS_URL;

/** Two instances on one database, joined through Redis. */
describe.runIf(REDIS_URL)('answers followed from another instance', () => {
  let h: ChatHarness;
  let other: FastifyInstance;
  let otherUrl: string;

  beforeAll(async () => {
    // The writer saves its text rarely: a tab elsewhere can only learn it through the relay.
    h = await startChatHarness({ REDIS_URL: REDIS_URL! }, { chatSaveEveryMs: 600_000 });
    other = await anotherInstance(h.t, h.env, { chatIdleTimeoutMs: IDLE_TIMEOUT_MS });
    const address = await other.listen({ port: 0, host: '127.0.0.1' });
    otherUrl = `${address.replace('http', 'ws')}/ws`;
  });
  afterAll(async () => {
    await other.close();
    await h.close();
  });

  it('a tab on another instance sees the stream and can stop it', async () => {
    h.answerWith((request, res) =>
      streamOpenAiAnswer(request, res, {
        deltas: Array.from({ length: 40 }, (_, i) => `w${i} `),
        delayMs: 30,
      }),
    );
    const { tab, access, conversationPk } = await signedInTab(h);
    const remote = await connectSocket({ wsUrl: otherUrl }, access);
    remote.send({ type: 'chat.subscribe', conversation_pk: conversationPk, from_offset: 0 });
    remote.send({ type: 'ping' });
    await remote.next('pong');
    // Time for the other instance's Redis subscriber to join the channel.
    await pause(300);
    tab.send(sendFrame(conversationPk));
    await remote.next('chat.delta', (frame) => frame.text === 'w5 ');
    remote.send({ type: 'chat.stop', conversation_pk: conversationPk });
    const [here, there] = await Promise.all([tab.next('chat.done'), remote.next('chat.done')]);
    expect(here.message.status).toBe('cancelled');
    expect(there.message).toEqual(here.message);
    expect(remote.textOf(conversationPk)).toBe(here.message.content);
    tab.close();
    remote.close();
  });

  it('a tab subscribing on another instance before any save gets the text written so far', async () => {
    let released = false;
    h.answerWith((request, res) =>
      streamOpenAiUntilReleased(request, res, { released: () => released, text: (i) => `w${i} ` }),
    );
    const { tab, access, conversationPk } = await signedInTab(h);
    tab.send(sendFrame(conversationPk));
    await tab.next('chat.delta', (frame) => frame.text === 'w2 ');

    const remote = await connectSocket({ wsUrl: otherUrl }, access);
    remote.send({ type: 'chat.subscribe', conversation_pk: conversationPk, from_offset: 0 });
    // Nothing is saved yet: the start of the text can only come from the writer.
    const caughtUp = await remote.next('chat.delta', (frame) => frame.offset === 0);
    expect(caughtUp.text.startsWith('w0 w1 w2 ')).toBe(true);
    released = true;
    const [here, there] = await Promise.all([tab.next('chat.done'), remote.next('chat.done')]);
    expect(here.message.status).toBe('complete');
    expect(there.message).toEqual(here.message);
    // As the browser places each delta at its offset, the deltas built the whole answer.
    expect(placedText(remote.frames)).toBe(here.message.content);
    tab.close();
    remote.close();
  });
});

/** The text a browser shows from these deltas: each placed at its offset, gaps and repeats skipped. */
function placedText(frames: ServerMessage[]): string {
  let text = '';
  for (const frame of frames) {
    if (frame.type !== 'chat.delta' || frame.offset > text.length) continue;
    if (frame.offset + frame.text.length <= text.length) continue;
    text = text.slice(0, frame.offset) + frame.text;
  }
  return text;
}
