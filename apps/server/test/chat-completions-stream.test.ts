import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LlmEvent, StreamAnswerOptions } from '../src/platform/llm/llm';
import { createLlmGateway } from '../src/platform/llm/llm-gateway';
import { MAX_SSE_EVENT_CHARS } from '../src/platform/llm/server-sent-events';
import { countInputTokens, countTokens } from '../src/platform/llm/usage-estimate';
import { testConfig } from './app';
import {
  findClosedPort,
  pause,
  sendJson,
  startFakeUpstream,
  streamOpenAiAnswer,
  type FakeUpstream,
} from './llm-upstreams';

// The server's own client of OpenAI-compatible servers (vLLM, LM Studio, Ollama): what the
// common cases of llm-gateway.test.ts do not reach, a real HTTP server on this machine.

const SYSTEM = 'Odpowiadasz po polsku.';
const MESSAGES: StreamAnswerOptions['messages'] = [{ role: 'user', content: 'Czy mogę?' }];

let upstream: FakeUpstream;
let closedPort: number;
const warnings: string[] = [];

beforeAll(async () => {
  closedPort = await findClosedPort();
  upstream = await startFakeUpstream((_request, res) => sendJson(res, 404, {}));
});
afterAll(() => upstream.close());
afterEach(() => {
  upstream.requests.length = 0;
  warnings.length = 0;
});

function gateway(env: Record<string, string> = {}) {
  return createLlmGateway({
    config: testConfig({
      OPENAI_API_KEY: 'sk-local',
      OPENAI_BASE_URL: `${upstream.url}/v1`,
      OLLAMA_BASE_URL: `http://127.0.0.1:${closedPort}`,
      ...env,
    }),
    log: { warn: (_details: object, message: string) => void warnings.push(message) },
    fetch: () => Promise.reject(new Error('this client does not go through fetch')),
  });
}

async function answer(extra: Partial<StreamAnswerOptions> = {}, env: Record<string, string> = {}) {
  const seen: LlmEvent[] = [];
  const events = gateway(env).streamAnswer({
    modelId: 'openai:local-model',
    system: SYSTEM,
    messages: MESSAGES,
    signal: new AbortController().signal,
    ...extra,
  });
  for await (const event of events) seen.push(event);
  return seen;
}

function eventStream(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
}

const chunk = (body: object) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', ...body })}`;
const delta = (content: string) => chunk({ choices: [{ index: 0, delta: { content } }] });
const finish = (reason: string) =>
  chunk({ choices: [{ index: 0, delta: {}, finish_reason: reason }] });

describe('OpenAI-compatible streams read by the server', () => {
  it('puts together text cut anywhere, even inside a letter, with CRLF line ends', async () => {
    const text = [delta('Zażółć '), delta('gęślą '), delta('jaźń.'), finish('stop'), 'data: [DONE]']
      .map((event) => `${event}\r\n\r\n`)
      .join('');
    const bytes = Buffer.from(text);
    upstream.route = async (_request, res) => {
      eventStream(res);
      for (let at = 0; at < bytes.length; at += 3) {
        res.write(bytes.subarray(at, at + 3));
        await pause(1);
      }
      res.end();
    };
    const events = await answer();
    expect(events.filter((event) => event.type === 'delta')).toEqual([
      { type: 'delta', text: 'Zażółć ' },
      { type: 'delta', text: 'gęślą ' },
      { type: 'delta', text: 'jaźń.' },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' });
  });

  it('keeps the connection for the next answer once an answer is read to its end', async () => {
    upstream.route = (request, res) => streamOpenAiAnswer(request, res, { deltas: ['Raz'] });
    const llm = gateway();
    for (let i = 0; i < 2; i++) {
      const events = [];
      for await (const event of llm.streamAnswer({
        modelId: 'openai:local-model',
        system: SYSTEM,
        messages: MESSAGES,
        signal: new AbortController().signal,
      })) {
        events.push(event);
      }
      expect(events.at(-1)).toMatchObject({ type: 'done' });
    }
    const [first, second] = upstream.requests;
    expect(first?.remotePort).toBeDefined();
    expect(second?.remotePort).toBe(first?.remotePort);
  });

  it('asks for at most the tokens the allowance holds back', async () => {
    upstream.route = (request, res) => streamOpenAiAnswer(request, res, { deltas: ['ok'] });
    await answer({ maxOutputTokens: 4096 });
    expect(upstream.requests[0]?.body).toMatchObject({ max_tokens: 4096, model: 'local-model' });
  });

  it('estimates the usage when the reported one is not a count of tokens', async () => {
    upstream.route = (_request, res) => {
      eventStream(res);
      res.end(
        [
          delta('Tak.'),
          finish('stop'),
          chunk({ choices: [], usage: { prompt_tokens: -5, completion_tokens: '9' } }),
          'data: [DONE]',
        ].join('\n\n') + '\n\n',
      );
    };
    expect((await answer()).at(-1)).toEqual({
      type: 'done',
      usage: {
        input_tokens: countInputTokens({ system: SYSTEM, messages: MESSAGES }),
        output_tokens: countTokens('Tak.'),
        estimated: true,
      },
      finish_reason: 'stop',
    });
  });

  it('tells a filtered answer apart, and takes a finish without [DONE]', async () => {
    upstream.route = (_request, res) => {
      eventStream(res);
      res.end(`${delta('Nie')}\n\n${finish('content_filter')}\n\n`);
    };
    expect((await answer()).at(-1)).toMatchObject({
      type: 'done',
      finish_reason: 'content-filter',
    });
  });

  it('ends with upstream_error when the stream ends without saying the answer ended', async () => {
    upstream.route = (_request, res) => {
      eventStream(res);
      res.end(`${delta('Urwane')}\n\n`);
    };
    expect(await answer()).toEqual([
      { type: 'delta', text: 'Urwane' },
      { type: 'error', code: 'upstream_error' },
    ]);
    expect(warnings).toEqual(['model answer failed']);
  });

  it('ends with upstream_error on a chunk that is not JSON', async () => {
    upstream.route = (_request, res) => {
      eventStream(res);
      res.end(`${delta('Przed')}\n\ndata: {not json\n\ndata: [DONE]\n\n`);
    };
    expect(await answer()).toEqual([
      { type: 'delta', text: 'Przed' },
      { type: 'error', code: 'upstream_error' },
    ]);
  });

  it('refuses an event that never ends and closes the connection, not holding it', async () => {
    const piece = 'x'.repeat(64 * 1024);
    upstream.route = async (_request, res) => {
      eventStream(res);
      res.write('data: ');
      for (let sent = 0; sent <= MAX_SSE_EVENT_CHARS + piece.length && !res.destroyed;) {
        sent += piece.length;
        if (!res.write(piece)) await new Promise((resolve) => res.once('drain', resolve));
      }
    };
    expect(await answer()).toEqual([{ type: 'error', code: 'upstream_error' }]);
    expect(await upstream.requests[0]!.closedEarly).toBe(true);
  });

  it("keeps the server's refusal for the log, not for the user", async () => {
    upstream.route = (_request, res) =>
      sendJson(res, 400, { error: { message: 'model not loaded', type: 'invalid_request' } });
    expect(await answer()).toEqual([{ type: 'error', code: 'upstream_error' }]);
    expect(warnings).toEqual(['model answer failed']);
  });

  it('reaches Ollama the same way, without a key', async () => {
    upstream.route = (request, res) =>
      streamOpenAiAnswer(request, res, { deltas: ['Dzień dobry'] });
    const events = await answer(
      { modelId: 'ollama:llama3:8b' },
      { OLLAMA_BASE_URL: upstream.url, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' },
    );
    expect(events[0]).toEqual({ type: 'delta', text: 'Dzień dobry' });
    const [request] = upstream.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body.model).toBe('llama3:8b');
  });
});
