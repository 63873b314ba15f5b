import { describe, expect, it } from 'vitest';
import type { Message } from '@themis/shared';
import { countTokens } from '../src/platform/llm/usage-estimate';
import {
  anthropicError,
  sendJson,
  streamAnthropicAnswer,
  streamOpenAiAnswer,
  type SeenRequest,
} from './llm-upstreams';
import {
  ANTHROPIC_MODEL,
  chatHarnessForFile,
  IDLE_TIMEOUT_MS,
  messageRowsOf,
  monthlyTokensOf,
  OPENAI_MODEL,
  sendFrame,
  signedInTab,
} from './chat-harness';

// Every way a provider can fail, through the real server and socket: what the tab is told,
// what is stored and charged, and that the next user is served as usual.

const h = chatHarnessForFile();

const answerRowOf = async (conversationPk: string) =>
  (await messageRowsOf(h.t, conversationPk)).at(-1)!;

/** Another user asks afterwards, of either provider, and gets a whole answer. */
async function expectStillServing() {
  for (const [model, stream] of [
    [OPENAI_MODEL, streamOpenAiAnswer],
    [ANTHROPIC_MODEL, streamAnthropicAnswer],
  ] as const) {
    h.answerWith((request, res) =>
      stream(request, res, { deltas: ['Still ', 'here.'], usage: { input: 11, output: 2 } }),
    );
    const { tab, conversationPk } = await signedInTab(h);
    tab.send(sendFrame(conversationPk, { model_id: model }));
    const done = await tab.next('chat.done');
    expect(done.message).toMatchObject({ content: 'Still here.', status: 'complete' });
    tab.close();
  }
}

/**
 * The answer as the tab, the row and the monthly usage hold it. No provider reported usage,
 * so it is estimated by the tokenizer: the written text for the output and the prompt (some
 * input tokens) for the input, and charged in full.
 */
async function expectFinal(options: {
  done: { message: Message };
  conversationPk: string;
  userId: string;
  content: string;
  status: 'cancelled' | 'error';
}) {
  const { done, content, status } = options;
  const errorCode = status === 'error' ? 'message_generating_error' : null;
  expect(done.message).toMatchObject({ content, status, error_code: errorCode });
  const usage = done.message.usage!;
  expect(usage).toMatchObject({ output_tokens: countTokens(content), estimated: true });
  expect(usage.input_tokens).toBeGreaterThan(100);
  expect(await answerRowOf(options.conversationPk)).toMatchObject({
    content,
    status,
    errorCode,
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    tokensEstimated: true,
  });
  expect(await monthlyTokensOf(h.t, options.userId)).toBe(usage.input_tokens + usage.output_tokens);
}

const lastRequest = (): SeenRequest => h.chatRequests().at(-1)!;

describe('Anthropic messages stream', () => {
  const ask = { model_id: ANTHROPIC_MODEL };

  it('on chat.stop aborts the upstream request and keeps the partial answer as cancelled', async () => {
    h.answerWith((request, res) =>
      streamAnthropicAnswer(request, res, { deltas: ['Art. 6 ', 'of the act '], then: 'hang' }),
    );
    const { tab, conversationPk, user } = await signedInTab(h);
    tab.send(sendFrame(conversationPk, ask));
    await tab.next('chat.delta', (frame) => frame.offset === 'Art. 6 '.length);
    tab.send({ type: 'chat.stop', conversation_pk: conversationPk });
    const done = await tab.next('chat.done');
    expect(await lastRequest().closedEarly).toBe(true);
    await expectFinal({
      done,
      conversationPk,
      userId: user.pk,
      content: 'Art. 6 of the act ',
      status: 'cancelled',
    });
    tab.close();
    await expectStillServing();
  });

  it('ends in error after the idle timeout of a silent upstream, keeping what was written', async () => {
    h.answerWith((request, res) =>
      streamAnthropicAnswer(request, res, { deltas: ['Under the '], then: 'hang' }),
    );
    const { tab, conversationPk, user } = await signedInTab(h);
    const started = Date.now();
    tab.send(sendFrame(conversationPk, ask));
    const done = await tab.next('chat.done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 10);
    expect(await lastRequest().closedEarly).toBe(true);
    await expectFinal({
      done,
      conversationPk,
      userId: user.pk,
      content: 'Under the ',
      status: 'error',
    });
    tab.close();
    await expectStillServing();
  });

  it.each([
    [529, anthropicError('overloaded_error', 'Overloaded')],
    [500, anthropicError('api_error', 'Internal server error')],
  ])('ends in error, once and without text, on HTTP %i before streaming', async (status, body) => {
    h.answerWith((_request, res) => sendJson(res, status, body));
    const { tab, conversationPk, user } = await signedInTab(h);
    const before = h.chatRequests().length;
    tab.send(sendFrame(conversationPk, ask));
    const done = await tab.next('chat.done');
    // No retries: the person decides whether to ask again.
    expect(h.chatRequests().length - before).toBe(1);
    expect(done.message).toMatchObject({
      content: '',
      status: 'error',
      error_code: 'message_generating_error',
    });
    // The provider answered nothing, so the month is not charged.
    expect(done.message.usage).toEqual({ input_tokens: 0, output_tokens: 0, estimated: false });
    expect(await answerRowOf(conversationPk)).toMatchObject({ inputTokens: 0, outputTokens: 0 });
    expect(await monthlyTokensOf(h.t, user.pk)).toBe(0);
    expect(tab.frames.filter((frame) => frame.type === 'chat.delta')).toEqual([]);
    tab.close();
    await expectStillServing();
  });

  it('ends in error on an error event mid-stream, keeping the text before it', async () => {
    h.answerWith((request, res) =>
      streamAnthropicAnswer(request, res, {
        deltas: ['The deposit ', 'is returned '],
        usage: { input: 30, output: 5 },
        then: 'error',
      }),
    );
    const { tab, conversationPk, user } = await signedInTab(h);
    tab.send(sendFrame(conversationPk, ask));
    const done = await tab.next('chat.done');
    expect(tab.textOf(conversationPk)).toBe('The deposit is returned ');
    await expectFinal({
      done,
      conversationPk,
      userId: user.pk,
      content: 'The deposit is returned ',
      status: 'error',
    });
    expect(h.t.logs.join('\n')).toContain('Overloaded');
    tab.close();
    await expectStillServing();
  });
});

describe('OpenAI chat completions stream', () => {
  it.each([false, true])(
    'ends in error at once on an error object mid-stream, keeping the text before it (left open: %s)',
    async (openAfterError) => {
      h.answerWith((request, res) =>
        streamOpenAiAnswer(request, res, {
          deltas: ['Under ', 'Art. 659 '],
          usage: { input: 30, output: 5 },
          then: 'error',
          openAfterError,
        }),
      );
      const { tab, conversationPk, user } = await signedInTab(h);
      const logsBefore = h.t.logs.length;
      tab.send(sendFrame(conversationPk));
      const done = await tab.next('chat.done');
      expect(tab.textOf(conversationPk)).toBe('Under Art. 659 ');
      await expectFinal({
        done,
        conversationPk,
        userId: user.pk,
        content: 'Under Art. 659 ',
        status: 'error',
      });
      expect(await lastRequest().closedEarly).toBe(openAfterError);
      // The error itself ended the answer: an idle timeout ends it without this log line.
      expect(h.t.logs.slice(logsBefore).join('\n')).toContain('The server is overloaded');
      tab.close();
      await expectStillServing();
    },
  );
});
