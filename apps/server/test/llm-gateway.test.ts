import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { citationKey, findCitations } from '@themis/shared/citations';
import { DEMO_ANSWERS } from '../src/platform/llm/demo-model';
import type { LlmEvent, LlmGateway, StreamAnswerOptions } from '../src/platform/llm/llm';
import { createLlmGateway, type LlmGatewayOptions } from '../src/platform/llm/llm-gateway';
import { countTokens } from '../src/platform/llm/usage-estimate';
import { testConfig } from './app';
import {
  anthropicError,
  findClosedPort,
  sendJson,
  startFakeUpstream,
  streamAnthropicAnswer,
  streamOpenAiAnswer,
  type FakeUpstream,
} from './llm-upstreams';

const SYSTEM = 'You give legal information, not legal advice.';
const MESSAGES: StreamAnswerOptions['messages'] = [
  { role: 'user', content: 'Can my landlord keep the deposit?' },
  { role: 'assistant', content: 'It depends on the lease.' },
  { role: 'user', content: 'The lease says nothing.' },
];

/** Every provider call must stay on this machine. */
const localFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== '127.0.0.1') throw new Error(`request leaving the machine: ${url}`);
  return fetch(input, init);
};

let upstream: FakeUpstream;
let closedPort: number;
const warnings: string[] = [];
/** The log's warnings other than the provider's notes about a request. */
const failures = () => warnings.filter((message) => message !== 'model provider warnings');

function gatewayFor(env: Record<string, string>, options: Partial<LlmGatewayOptions> = {}) {
  return createLlmGateway({
    config: testConfig({ OLLAMA_BASE_URL: `http://127.0.0.1:${closedPort}`, ...env }),
    log: {
      warn: (_details: object, message: string) => {
        warnings.push(message);
      },
    },
    fetch: localFetch,
    demoChunkDelayMs: 1,
    ...options,
  });
}

async function collect(events: AsyncIterable<LlmEvent>): Promise<LlmEvent[]> {
  const seen: LlmEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

const textOf = (events: LlmEvent[]) =>
  events.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');

function ask(llm: LlmGateway, modelId: string, extra: Partial<StreamAnswerOptions> = {}) {
  return llm.streamAnswer({
    modelId,
    system: SYSTEM,
    messages: MESSAGES,
    signal: new AbortController().signal,
    ...extra,
  });
}

beforeAll(async () => {
  closedPort = await findClosedPort();
  upstream = await startFakeUpstream((_request, res) => sendJson(res, 404, {}));
});
afterAll(() => upstream.close());
afterEach(() => {
  upstream.requests.length = 0;
  warnings.length = 0;
});

describe('OpenAI chat completions', () => {
  const openai = () =>
    gatewayFor({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${upstream.url}/v1` });

  it('streams the deltas in order and finishes with the usage the provider reported', async () => {
    upstream.route = (request, res) =>
      streamOpenAiAnswer(request, res, {
        deltas: ['A deposit ', 'must be ', 'returned.'],
        usage: { input: 42, output: 7 },
      });
    const events = await collect(ask(openai(), 'openai:gpt-4o'));
    expect(events).toEqual([
      { type: 'delta', text: 'A deposit ' },
      { type: 'delta', text: 'must be ' },
      { type: 'delta', text: 'returned.' },
      {
        type: 'done',
        usage: { input_tokens: 42, output_tokens: 7, estimated: false },
        finish_reason: 'stop',
      },
    ]);
  });

  it('sends the system prompt and the messages as given, asking for usage', async () => {
    upstream.route = (request, res) => streamOpenAiAnswer(request, res, { deltas: ['ok'] });
    const image = new Uint8Array([137, 80, 78, 71]);
    await collect(
      ask(openai(), 'openai:gpt-4o', {
        messages: [
          ...MESSAGES,
          {
            role: 'user',
            content: [
              { type: 'text', text: 'And this photo?' },
              { type: 'image', data: image, mediaType: 'image/png' },
            ],
          },
        ],
      }),
    );
    const [request] = upstream.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.body).toMatchObject({
      model: 'gpt-4o',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: MESSAGES[0]!.content },
        { role: 'assistant', content: MESSAGES[1]!.content },
        { role: 'user', content: MESSAGES[2]!.content },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'And this photo?' },
            {
              type: 'image_url',
              image_url: { url: `data:image/png;base64,${Buffer.from(image).toString('base64')}` },
            },
          ],
        },
      ],
    });
  });

  it('estimates the usage when the server reports none', async () => {
    upstream.route = (request, res) =>
      streamOpenAiAnswer(request, res, { deltas: ['Twelve chars'] });
    const events = await collect(ask(openai(), 'openai:local-model'));
    const input = MESSAGES.reduce(
      (sum, m) => sum + countTokens(m.content as string),
      countTokens(SYSTEM),
    );
    expect(events.at(-1)).toEqual({
      type: 'done',
      usage: { input_tokens: input, output_tokens: countTokens('Twelve chars'), estimated: true },
      finish_reason: 'stop',
    });
  });

  it('on stop, closes the upstream connection and ends without an error', async () => {
    upstream.route = (request, res) =>
      streamOpenAiAnswer(request, res, { deltas: ['one ', 'two ', 'three'], then: 'hang' });
    const controller = new AbortController();
    const seen: LlmEvent[] = [];
    for await (const event of ask(openai(), 'openai:gpt-4o', { signal: controller.signal })) {
      seen.push(event);
      if (seen.length === 2) controller.abort();
    }
    expect(seen.map((event) => event.type)).toEqual(['delta', 'delta']);
    expect(await upstream.requests[0]!.closedEarly).toBe(true);
    expect(failures()).toEqual([]);
  });

  it('ends with upstream_error when the server fails before streaming', async () => {
    upstream.route = (_request, res) =>
      sendJson(res, 500, { error: { message: 'boom', type: 'server_error' } });
    expect(await collect(ask(openai(), 'openai:gpt-4o'))).toEqual([
      { type: 'error', code: 'upstream_error' },
    ]);
    expect(upstream.requests).toHaveLength(1);
    expect(failures()).toEqual(['model answer failed']);
  });

  it('keeps the deltas that arrived when the connection drops mid-stream', async () => {
    upstream.route = (request, res) =>
      streamOpenAiAnswer(request, res, { deltas: ['Under the ', 'civil code '], then: 'drop' });
    expect(await collect(ask(openai(), 'openai:gpt-4o'))).toEqual([
      { type: 'delta', text: 'Under the ' },
      { type: 'delta', text: 'civil code ' },
      { type: 'error', code: 'upstream_error' },
    ]);
  });

  it('ends with upstream_timeout when the server sends nothing for the idle time', async () => {
    upstream.route = () => undefined;
    const started = Date.now();
    expect(await collect(ask(openai(), 'openai:gpt-4o', { timeoutMs: 300 }))).toEqual([
      { type: 'error', code: 'upstream_timeout' },
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await upstream.requests[0]!.closedEarly).toBe(true);
  });

  it('times out a stream that goes silent after some deltas, keeping them', async () => {
    upstream.route = (request, res) =>
      streamOpenAiAnswer(request, res, { deltas: ['Partial'], then: 'hang' });
    expect(await collect(ask(openai(), 'openai:gpt-4o', { timeoutMs: 300 }))).toEqual([
      { type: 'delta', text: 'Partial' },
      { type: 'error', code: 'upstream_timeout' },
    ]);
  });

  it('ends with upstream_error at once on an error chunk, though the server stays open', async () => {
    upstream.route = (request, res) =>
      streamOpenAiAnswer(request, res, {
        deltas: ['Under ', 'Art. 659'],
        then: 'error',
        openAfterError: true,
      });
    const started = Date.now();
    expect(await collect(ask(openai(), 'openai:gpt-4o', { timeoutMs: 5000 }))).toEqual([
      { type: 'delta', text: 'Under ' },
      { type: 'delta', text: 'Art. 659' },
      { type: 'error', code: 'upstream_error' },
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await upstream.requests[0]!.closedEarly).toBe(true);
    expect(failures()).toEqual(['model answer failed']);
  });
});

describe('Anthropic messages', () => {
  const anthropic = () =>
    gatewayFor({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: upstream.url });

  it("logs the provider's warnings about a request once per model", async () => {
    upstream.route = (request, res) => streamAnthropicAnswer(request, res, { deltas: ['Yes.'] });
    const llm = anthropic();
    // An unknown model name: the provider warns that it guessed the output limit.
    await collect(ask(llm, 'anthropic:claude-x'));
    await collect(ask(llm, 'anthropic:claude-x'));
    expect(warnings).toEqual(['model provider warnings']);
  });

  it('streams the deltas and the reported usage; system and messages reach it as sent', async () => {
    upstream.route = (request, res) =>
      streamAnthropicAnswer(request, res, {
        deltas: ['Art. 6 ', 'of the act ', 'applies.'],
        usage: { input: 120, output: 9 },
      });
    const events = await collect(ask(anthropic(), 'anthropic:claude-sonnet-4-5'));
    expect(events).toEqual([
      { type: 'delta', text: 'Art. 6 ' },
      { type: 'delta', text: 'of the act ' },
      { type: 'delta', text: 'applies.' },
      {
        type: 'done',
        usage: { input_tokens: 120, output_tokens: 9, estimated: false },
        finish_reason: 'stop',
      },
    ]);
    const [request] = upstream.requests;
    expect(request?.path).toBe('/v1/messages');
    expect(request?.headers['x-api-key']).toBe('sk-ant-test');
    expect(request?.body).toMatchObject({
      model: 'claude-sonnet-4-5',
      stream: true,
      system: [{ type: 'text', text: SYSTEM }],
      messages: MESSAGES.map((message) => ({
        role: message.role,
        content: [{ type: 'text', text: message.content }],
      })),
    });
  });

  it('on stop, closes the upstream connection and ends without an error', async () => {
    upstream.route = (request, res) =>
      streamAnthropicAnswer(request, res, { deltas: ['one ', 'two'], then: 'hang' });
    const controller = new AbortController();
    const seen: LlmEvent[] = [];
    for await (const event of ask(anthropic(), 'anthropic:claude-sonnet-4-5', {
      signal: controller.signal,
    })) {
      seen.push(event);
      controller.abort();
    }
    expect(seen).toEqual([{ type: 'delta', text: 'one ' }]);
    expect(await upstream.requests[0]!.closedEarly).toBe(true);
  });

  it('keeps the deltas that arrived when the connection drops mid-stream', async () => {
    upstream.route = (request, res) =>
      streamAnthropicAnswer(request, res, { deltas: ['Partial '], then: 'drop' });
    expect(await collect(ask(anthropic(), 'anthropic:claude-sonnet-4-5'))).toEqual([
      { type: 'delta', text: 'Partial ' },
      { type: 'error', code: 'upstream_error' },
    ]);
  });

  it.each([false, true])(
    'ends with upstream_error on an error event mid-stream (connection left open: %s)',
    async (openAfterError) => {
      upstream.route = (request, res) =>
        streamAnthropicAnswer(request, res, {
          deltas: ['Partial '],
          then: 'error',
          openAfterError,
        });
      const started = Date.now();
      const events = await collect(ask(anthropic(), 'anthropic:claude-x', { timeoutMs: 5000 }));
      expect(events).toEqual([
        { type: 'delta', text: 'Partial ' },
        { type: 'error', code: 'upstream_error' },
      ]);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(failures()).toEqual(['model answer failed']);
    },
  );

  it('ends with upstream_error on an overloaded (529) response, without retrying', async () => {
    upstream.route = (_request, res) =>
      sendJson(res, 529, anthropicError('overloaded_error', 'Overloaded'));
    expect(await collect(ask(anthropic(), 'anthropic:claude-x'))).toEqual([
      { type: 'error', code: 'upstream_error' },
    ]);
    expect(upstream.requests).toHaveLength(1);
  });

  it('ends with upstream_timeout when the stream goes silent, keeping the deltas', async () => {
    upstream.route = (request, res) =>
      streamAnthropicAnswer(request, res, { deltas: ['Partial '], then: 'hang' });
    expect(await collect(ask(anthropic(), 'anthropic:claude-x', { timeoutMs: 300 }))).toEqual([
      { type: 'delta', text: 'Partial ' },
      { type: 'error', code: 'upstream_timeout' },
    ]);
    expect(await upstream.requests[0]!.closedEarly).toBe(true);
  });
});

describe('demo model', () => {
  it.each(['en', 'pl'] as const)('streams its fixed answer in %s, in chunks', async (language) => {
    const events = await collect(ask(gatewayFor({}), 'demo:themis-demo', { language }));
    expect(textOf(events)).toBe(DEMO_ANSWERS[language]);
    expect(events.filter((event) => event.type === 'delta').length).toBeGreaterThan(5);
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      usage: { estimated: true, output_tokens: countTokens(DEMO_ANSWERS[language]) },
      finish_reason: 'stop',
    });
  });

  it('says it is a demo and how to connect a real model', () => {
    expect(DEMO_ANSWERS.en).toMatch(/demo, not a real model/);
    expect(DEMO_ANSWERS.pl).toMatch(/nie prawdziwy model/);
    for (const text of Object.values(DEMO_ANSWERS)) {
      expect(text).toContain('OPENAI_API_KEY');
      expect(text).toContain('ANTHROPIC_API_KEY');
      expect(text).toMatch(/Ollam/);
    }
  });

  it('shows, labelled as a sample, how citations of real acts and judgments are linked', () => {
    expect(findCitations(DEMO_ANSWERS.en).map(citationKey)).toEqual([
      'pl:DU:1964:93#415',
      'pl:DU:1964:93',
      'eu:32016R0679#6',
      'cjeu:C-311/18',
    ]);
    expect(findCitations(DEMO_ANSWERS.pl).map(citationKey)).toEqual([
      'pl:DU:1964:93#415',
      'pl:DU:1964:93',
      'eu:32016R0679#6',
      'cjeu:C-311/18',
    ]);
    expect(DEMO_ANSWERS.en).toContain('A sample of cited law** (not an answer to your question)');
    expect(DEMO_ANSWERS.pl).toContain('Przykład cytowania przepisów** (nie odpowiedź');
  });

  it('stops quietly when aborted', async () => {
    const controller = new AbortController();
    const seen: LlmEvent[] = [];
    for await (const event of ask(gatewayFor({}, { demoChunkDelayMs: 20 }), 'demo:themis-demo', {
      signal: controller.signal,
    })) {
      seen.push(event);
      if (seen.length === 2) controller.abort();
    }
    expect(seen.map((event) => event.type)).toEqual(['delta', 'delta']);
  });

  it('answers an unknown or unconfigured model with upstream_error', async () => {
    const llm = gatewayFor({});
    expect(await collect(ask(llm, 'anthropic:claude-sonnet-4-5'))).toEqual([
      { type: 'error', code: 'upstream_error' },
    ]);
    expect(await collect(ask(llm, 'nonsense'))).toEqual([
      { type: 'error', code: 'upstream_error' },
    ]);
  });
});
