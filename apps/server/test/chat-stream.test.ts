import { describe, expect, it } from 'vitest';
import { streamAnthropicAnswer, streamOpenAiAnswer } from './llm-upstreams';
import {
  ANTHROPIC_MODEL,
  chatHarnessForFile,
  IDLE_TIMEOUT_MS,
  messageRowsOf,
  monthlyTokensOf,
  sendFrame,
  signedInTab,
} from './chat-harness';

const h = chatHarnessForFile();

describe('chat.send', () => {
  it('streams an OpenAI answer, stores it with its usage and names the conversation', async () => {
    h.answerWith((request, res) =>
      streamOpenAiAnswer(request, res, {
        deltas: ['A deposit ', 'must be ', 'returned.'],
        usage: { input: 42, output: 7 },
      }),
    );
    const { tab, conversationPk, user } = await signedInTab(h);
    const content = 'Can   my landlord keep the deposit after I moved out of the flat in Kraków?';
    const frame = sendFrame(conversationPk, { content });
    tab.send(frame);

    const accepted = await tab.next('chat.accepted');
    expect(accepted).toMatchObject({
      request_id: frame.request_id,
      conversation_pk: conversationPk,
      question: { role: 'user', content, status: 'complete' },
      answer: { role: 'assistant', content: '', status: 'streaming', model_id: 'openai:gpt-test' },
    });
    const updated = await tab.next('conversation.updated');
    expect(updated.conversation.name).toBe(
      'Can my landlord keep the deposit after I moved out of the…',
    );
    const done = await tab.next('chat.done');
    expect(done.message).toMatchObject({
      pk: accepted.answer.pk,
      content: 'A deposit must be returned.',
      status: 'complete',
      error_code: null,
      usage: { input_tokens: 42, output_tokens: 7, estimated: false },
    });
    expect(tab.textOf(conversationPk)).toBe('A deposit must be returned.');

    const [question, answer] = await messageRowsOf(h.t, conversationPk);
    expect(question).toMatchObject({ role: 'user', content });
    expect(answer).toMatchObject({
      content: 'A deposit must be returned.',
      status: 'complete',
      inputTokens: 42,
      outputTokens: 7,
      tokensEstimated: false,
    });
    expect(await monthlyTokensOf(h.t, user.pk)).toBe(49);

    const request = h.chatRequests().at(-1)!;
    const sent = request.body.messages as { role: string; content: string }[];
    expect(sent[0]!.role).toBe('system');
    expect(sent[0]!.content).toContain('legal information, not legal advice');
    // Asked to cite in the forms the answer's citations are recognised in.
    expect(sent[0]!.content).toContain('art. 415 k.c., art. 30 § 1 k.p., Dz.U. 2023 poz. 1610');
    expect(sent[0]!.content).toContain(new Date().toISOString().slice(0, 10));
    expect(sent.slice(1)).toEqual([{ role: 'user', content }]);
    tab.close();
  });

  it('streams an Anthropic answer and sends the whole conversation', async () => {
    h.answerWith((request, res) =>
      streamAnthropicAnswer(request, res, {
        deltas: ['Art. 6 ', 'of the act ', 'applies.'],
        usage: { input: 30, output: 5 },
      }),
    );
    const { tab, conversationPk, user } = await signedInTab(h);
    tab.send(sendFrame(conversationPk, { model_id: ANTHROPIC_MODEL, content: 'First?' }));
    await tab.next('chat.done');
    tab.send(
      sendFrame(conversationPk, { model_id: ANTHROPIC_MODEL, content: 'Second?', language: 'pl' }),
    );
    const done = await tab.next('chat.done');
    expect(done.message).toMatchObject({
      content: 'Art. 6 of the act applies.',
      status: 'complete',
      usage: { input_tokens: 30, output_tokens: 5, estimated: false },
    });
    expect(await monthlyTokensOf(h.t, user.pk)).toBe(70);
    const body = h.chatRequests().at(-1)!.body;
    expect(JSON.stringify(body.system)).toContain('informacji prawnej');
    expect(JSON.stringify(body.system)).toContain('w formie, w jakiej cytują je prawnicy');
    expect(
      (body.messages as { role: string; content: { text: string }[] }[]).map((m) => [
        m.role,
        m.content.map((part) => part.text).join(''),
      ]),
    ).toEqual([
      ['user', 'First?'],
      ['assistant', 'Art. 6 of the act applies.'],
      ['user', 'Second?'],
    ]);
    tab.close();
  });

  it('keeps the partial answer as cancelled on chat.stop and closes the upstream request', async () => {
    h.answerWith((request, res) =>
      streamOpenAiAnswer(request, res, { deltas: ['Under ', 'the civil ', 'code'], then: 'hang' }),
    );
    const { tab, conversationPk, user } = await signedInTab(h);
    tab.send(sendFrame(conversationPk));
    await tab.next('chat.delta', (frame) => frame.offset === 'Under the civil '.length);
    const upstreamRequest = h.chatRequests().at(-1)!;
    tab.send({ type: 'chat.stop', conversation_pk: conversationPk });
    const done = await tab.next('chat.done');
    expect(done.message).toMatchObject({ content: 'Under the civil code', status: 'cancelled' });
    expect(done.message.usage?.estimated).toBe(true);
    expect(await upstreamRequest.closedEarly).toBe(true);
    const [, answer] = await messageRowsOf(h.t, conversationPk);
    expect(answer).toMatchObject({ content: 'Under the civil code', status: 'cancelled' });
    expect(await monthlyTokensOf(h.t, user.pk)).toBeGreaterThan(0);
    tab.close();
  });

  it('ends in error when the upstream fails mid-stream, keeping what was written', async () => {
    h.answerWith((request, res) =>
      streamOpenAiAnswer(request, res, { deltas: ['Partial ', 'text'], then: 'drop' }),
    );
    const { tab, conversationPk } = await signedInTab(h);
    tab.send(sendFrame(conversationPk));
    const done = await tab.next('chat.done');
    expect(done.message).toMatchObject({
      content: 'Partial text',
      status: 'error',
      error_code: 'message_generating_error',
    });
    const [, answer] = await messageRowsOf(h.t, conversationPk);
    expect(answer).toMatchObject({ content: 'Partial text', status: 'error' });
    tab.close();
  });

  it('ends in error when the upstream goes silent for the idle timeout', async () => {
    h.answerWith((request, res) =>
      streamOpenAiAnswer(request, res, { deltas: ['Silence '], then: 'hang' }),
    );
    const { tab, conversationPk } = await signedInTab(h);
    const started = Date.now();
    tab.send(sendFrame(conversationPk));
    const done = await tab.next('chat.done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 10);
    expect(done.message).toMatchObject({ content: 'Silence ', status: 'error' });
    tab.close();
  });

  it('writes the answer to its row while it streams', async () => {
    h.answerWith((request, res) =>
      streamOpenAiAnswer(request, res, {
        deltas: Array.from({ length: 30 }, (_, i) => `w${i} `),
        delayMs: 40,
      }),
    );
    const { tab, conversationPk } = await signedInTab(h);
    tab.send(sendFrame(conversationPk));
    await tab.next('chat.delta', (frame) => frame.text === 'w20 ');
    const [, answer] = await messageRowsOf(h.t, conversationPk);
    expect(answer!.status).toBe('streaming');
    expect(answer!.content.length).toBeGreaterThan(0);
    expect(tab.textOf(conversationPk).startsWith(answer!.content)).toBe(true);
    await tab.next('chat.done');
    tab.close();
  });
});
