import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLlmGateway, type LlmGatewayOptions } from '../src/platform/llm/llm-gateway';
import { signedUpClient } from './accounts';
import { createTestApp, testConfig, type TestApp } from './app';
import {
  findClosedPort,
  sendJson,
  startFakeUpstream,
  streamOpenAiAnswer,
  type FakeUpstream,
  type SeenRequest,
} from './llm-upstreams';

const DEMO = {
  id: 'demo:themis-demo',
  provider: 'demo',
  model: 'themis-demo',
  display_name: 'Themis demo (not a real model)',
  vision: false,
  context_window: 128000,
  is_demo: true,
};

let upstream: FakeUpstream;
let closedPort: number;
const warnings: string[] = [];

/** OpenAI under /v1, Anthropic under /v1 with its headers, Ollama under /api and /ollama/v1. */
function answerListings(request: SeenRequest, res: Parameters<FakeUpstream['route']>[1]) {
  const path = request.path.split('?')[0];
  if (path === '/v1/models' && request.headers['x-api-key']) {
    return sendJson(res, 200, {
      data: [{ type: 'model', id: 'claude-sonnet-4-5', display_name: 'Claude Sonnet 4.5' }],
      has_more: false,
    });
  }
  if (path === '/v1/models') {
    return sendJson(res, 200, {
      object: 'list',
      data: ['gpt-4o', 'text-embedding-3-small', 'o3', 'gpt-4o-realtime-preview', 'dall-e-3'].map(
        (id) => ({ id, object: 'model', owned_by: 'openai' }),
      ),
    });
  }
  if (request.path === '/api/tags') {
    return sendJson(res, 200, {
      models: [{ name: 'llama3.2:3b' }, { name: 'llava:7b' }].map((m) => ({ ...m, model: m.name })),
    });
  }
  if (request.path === '/v1/chat/completions') {
    return streamOpenAiAnswer(request, res, { deltas: ['Hello ', 'from Ollama'] });
  }
  return sendJson(res, 404, {});
}

function gatewayFor(env: Record<string, string>, options: Partial<LlmGatewayOptions> = {}) {
  return createLlmGateway({
    config: testConfig({ OLLAMA_BASE_URL: `http://127.0.0.1:${closedPort}`, ...env }),
    log: {
      warn: (_details: object, message: string) => {
        warnings.push(message);
      },
    },
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      // The official API's address is served by the local fake; nothing leaves the machine.
      if (url.origin === 'https://api.openai.com')
        return fetch(`${upstream.url}${url.pathname}`, init);
      if (url.hostname !== '127.0.0.1') throw new Error(`request leaving the machine: ${url}`);
      return fetch(input, init);
    },
    ...options,
  });
}

const ids = (models: { id: string }[]) => models.map((model) => model.id);

beforeAll(async () => {
  closedPort = await findClosedPort();
  upstream = await startFakeUpstream(answerListings);
});
afterAll(() => upstream.close());
afterEach(() => {
  upstream.route = answerListings;
  upstream.requests.length = 0;
  warnings.length = 0;
});

describe('model list', () => {
  it('without any provider lists only the demo model', async () => {
    expect(await gatewayFor({}).listModels()).toEqual([DEMO]);
  });

  it('keeps only chat models of the official OpenAI API, all models of a custom server', async () => {
    const official = await gatewayFor({ OPENAI_API_KEY: 'sk-test' }).listModels();
    expect(ids(official)).toEqual(['openai:gpt-4o', 'openai:o3', 'demo:themis-demo']);
    expect(upstream.requests[0]?.headers.authorization).toBe('Bearer sk-test');
    const custom = await gatewayFor({ OPENAI_BASE_URL: `${upstream.url}/v1` }).listModels();
    expect(ids(custom)).toHaveLength(6);
  });

  it('merges every provider, with vision and context window per family', async () => {
    const models = await gatewayFor({
      OPENAI_API_KEY: 'sk-test',
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: upstream.url,
      OLLAMA_BASE_URL: upstream.url,
    }).listModels();
    expect(ids(models)).toEqual([
      'openai:gpt-4o',
      'openai:o3',
      'anthropic:claude-sonnet-4-5',
      'ollama:llama3.2:3b',
      'ollama:llava:7b',
      'demo:themis-demo',
    ]);
    expect(models[0]).toEqual({
      id: 'openai:gpt-4o',
      provider: 'openai',
      model: 'gpt-4o',
      display_name: 'gpt-4o',
      vision: true,
      context_window: 128000,
      is_demo: false,
    });
    expect(models[2]).toMatchObject({
      display_name: 'Claude Sonnet 4.5',
      vision: true,
      context_window: 200000,
    });
    expect(models.map((model) => model.vision)).toEqual([true, true, true, false, true, false]);
    const anthropicListing = upstream.requests.find((r) => r.headers['x-api-key']);
    expect(anthropicListing?.headers['anthropic-version']).toBe('2023-06-01');
    expect(warnings).toEqual([]);
  });

  it('with MODELS lists only those, in that order, under their names', async () => {
    const models = await gatewayFor({
      OPENAI_API_KEY: 'sk-test',
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: upstream.url,
      MODELS:
        'anthropic:claude-sonnet-4-5=Claude, demo:themis-demo ,openai:gpt-4o=GPT-4o,openai:missing',
    }).listModels();
    expect(models.map((model) => [model.id, model.display_name])).toEqual([
      ['anthropic:claude-sonnet-4-5', 'Claude'],
      ['demo:themis-demo', 'Themis demo (not a real model)'],
      ['openai:gpt-4o', 'GPT-4o'],
    ]);
  });

  it('skips a provider whose listing fails and logs it; Anthropic falls back to its short list', async () => {
    upstream.route = (_request, res) => sendJson(res, 500, { error: 'down' });
    const models = await gatewayFor({
      OPENAI_API_KEY: 'sk-test',
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: upstream.url,
    }).listModels();
    expect(ids(models).filter((id) => id.startsWith('openai:'))).toEqual([]);
    expect(ids(models)).toContain('anthropic:claude-sonnet-4-5');
    expect(ids(models).at(-1)).toBe('demo:themis-demo');
    expect(warnings).toEqual(
      expect.arrayContaining([
        'model list failed: provider skipped',
        'anthropic model list failed: built-in list used',
      ]),
    );
  });

  it('reuses a list for the cache time', async () => {
    const llm = gatewayFor({ OPENAI_API_KEY: 'sk-test' });
    await llm.listModels();
    await llm.listModels();
    expect(upstream.requests).toHaveLength(1);
    const uncached = gatewayFor({ OPENAI_API_KEY: 'sk-test' }, { cacheMs: 0 });
    await uncached.listModels();
    await uncached.listModels();
    expect(upstream.requests).toHaveLength(3);
  });
});

describe('Ollama', () => {
  it('is discovered at /api/tags and answers through its OpenAI-compatible /v1', async () => {
    const llm = gatewayFor({ OLLAMA_BASE_URL: upstream.url });
    expect(ids(await llm.listModels())).toEqual([
      'ollama:llama3.2:3b',
      'ollama:llava:7b',
      'demo:themis-demo',
    ]);
    const events = [];
    for await (const event of llm.streamAnswer({
      modelId: 'ollama:llama3.2:3b',
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hi' }],
      signal: new AbortController().signal,
    })) {
      events.push(event);
    }
    expect(events.slice(0, 2)).toEqual([
      { type: 'delta', text: 'Hello ' },
      { type: 'delta', text: 'from Ollama' },
    ]);
    const chat = upstream.requests.find((r) => r.path === '/v1/chat/completions');
    expect(chat?.body).toMatchObject({ model: 'llama3.2:3b', stream: true });
  });

  it('is silently absent when nothing listens or nothing answers in time', async () => {
    expect(await gatewayFor({}).listModels()).toEqual([DEMO]);
    upstream.route = () => undefined;
    const started = Date.now();
    const silent = gatewayFor({ OLLAMA_BASE_URL: upstream.url }, { ollamaProbeTimeoutMs: 200 });
    expect(await silent.listModels()).toEqual([DEMO]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(warnings).toEqual([]);
  });
});

describe('GET /api/model/list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        OLLAMA_BASE_URL: `http://127.0.0.1:${closedPort}`,
        OPENAI_BASE_URL: `${upstream.url}/v1`,
      },
    });
  });
  afterAll(() => t.close());

  it('is 401 without a session', async () => {
    const response = await t.app.inject('/api/model/list');
    expect(response.statusCode).toBe(401);
  });

  it('lists the configured models and the demo model to a signed-in person', async () => {
    const { client } = await signedUpClient(t);
    const response = await client.get('/api/model/list');
    expect(response.statusCode, response.body).toBe(200);
    const models = response.json() as { id: string }[];
    expect(ids(models)).toContain('openai:gpt-4o');
    expect(models.at(-1)).toEqual(DEMO);
  });
});
