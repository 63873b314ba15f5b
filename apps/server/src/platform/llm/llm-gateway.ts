import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV3, SharedV3Warning } from '@ai-sdk/provider';
import type { Config } from '../../config';
import { createChatCompletionsClient } from './chat-completions';
import { describeDemoModel, streamDemoAnswer, DEMO_MODEL_NAME } from './demo-model';
import {
  DEFAULT_IDLE_TIMEOUT_MS,
  parseModelId,
  type LlmEvent,
  type LlmGateway,
  type LlmModel,
  type StreamAnswerOptions,
} from './llm';
import { applyAllowList, parseAllowList } from './model-catalog';
import {
  anthropicApiUrl,
  ANTHROPIC_DEFAULT_BASE_URL,
  listAnthropicModels,
  listOllamaModels,
  listOpenAiModels,
  OPENAI_DEFAULT_BASE_URL,
  trimSlash,
} from './model-listing';
import { streamWithSdk } from './sdk-stream';
import type { UpstreamStreamOptions } from './upstream-stream';

type LlmConfig = Pick<
  Config,
  | 'openaiApiKey'
  | 'openaiBaseUrl'
  | 'anthropicApiKey'
  | 'anthropicBaseUrl'
  | 'ollamaBaseUrl'
  | 'models'
>;

/** The part of the app logger the gateway uses. */
interface LlmLog {
  warn(details: object, message: string): void;
}

export interface LlmGatewayOptions {
  config: LlmConfig;
  log: LlmLog;
  /**
   * The model lists and the AI SDK's providers (the official OpenAI API, Anthropic) make their
   * requests through it; tests keep them on this machine with it.
   */
  fetch?: typeof fetch;
  /** Default idle timeout of a stream when the caller gives none. */
  idleTimeoutMs?: number;
  /** How long a model list is reused; 60 s by default. */
  cacheMs?: number;
  /** Listing timeout of OpenAI and Anthropic. */
  listTimeoutMs?: number;
  /** Ollama is only probed, so a missing one must not hold the list up. */
  ollamaProbeTimeoutMs?: number;
  /** Pause between the demo model's chunks. */
  demoChunkDelayMs?: number;
}

/** One answer's request, as every provider takes it. */
interface ProviderRequest extends UpstreamStreamOptions {
  maxOutputTokens?: number;
  onWarnings: (warnings: SharedV3Warning[]) => void;
}

interface Provider {
  name: LlmModel['provider'];
  listModels(): Promise<LlmModel[]>;
  streamAnswer(model: string, request: ProviderRequest): AsyncIterable<LlmEvent>;
}

/** Answers through an AI SDK provider's language models, each made once. */
function sdkAnswers(languageModel: (model: string) => LanguageModelV3) {
  // A model object builds its response schemas once; made per answer, that cost every call.
  const models = new Map<string, LanguageModelV3>();
  return (model: string, request: ProviderRequest) => {
    let made = models.get(model);
    if (!made) models.set(model, (made = languageModel(model)));
    return streamWithSdk({ ...request, model: made });
  };
}

/** Answers from an OpenAI-compatible server, through the project's own streaming client. */
function chatCompletionsAnswers(baseUrl: string, apiKey: string | undefined) {
  const client = createChatCompletionsClient({ baseUrl, ...(apiKey && { apiKey }) });
  return (model: string, request: ProviderRequest) => client.stream({ ...request, model });
}

function buildProviders(options: LlmGatewayOptions & { fetch: typeof fetch }): Provider[] {
  const { config, fetch, log } = options;
  const listTimeoutMs = options.listTimeoutMs ?? 10_000;
  const providers: Provider[] = [];

  const openaiBaseUrl = trimSlash(config.openaiBaseUrl ?? OPENAI_DEFAULT_BASE_URL);
  if (config.openaiApiKey || config.openaiBaseUrl) {
    const apiKey = config.openaiApiKey;
    // The official API gets the AI SDK's provider (reasoning models need its request shape);
    // any other server gets the plain chat-completions dialect.
    providers.push({
      name: 'openai',
      listModels: () =>
        listOpenAiModels({ fetch, timeoutMs: listTimeoutMs, baseUrl: openaiBaseUrl, apiKey }),
      streamAnswer:
        openaiBaseUrl === OPENAI_DEFAULT_BASE_URL
          ? sdkAnswers(createOpenAI({ apiKey, baseURL: openaiBaseUrl, fetch }).chat)
          : chatCompletionsAnswers(openaiBaseUrl, apiKey),
    });
  }

  if (config.anthropicApiKey) {
    const apiKey = config.anthropicApiKey;
    const baseUrl = config.anthropicBaseUrl ?? ANTHROPIC_DEFAULT_BASE_URL;
    const anthropic = createAnthropic({ apiKey, baseURL: anthropicApiUrl(baseUrl), fetch });
    providers.push({
      name: 'anthropic',
      listModels: () =>
        listAnthropicModels({
          fetch,
          timeoutMs: listTimeoutMs,
          baseUrl,
          apiKey,
          onFallback: (err) => log.warn({ err }, 'anthropic model list failed: built-in list used'),
        }),
      streamAnswer: sdkAnswers((model) => anthropic(model)),
    });
  }

  const ollamaBaseUrl = trimSlash(config.ollamaBaseUrl);
  providers.push({
    name: 'ollama',
    listModels: () =>
      listOllamaModels({
        fetch,
        timeoutMs: options.ollamaProbeTimeoutMs ?? 1500,
        baseUrl: ollamaBaseUrl,
      }),
    streamAnswer: chatCompletionsAnswers(`${ollamaBaseUrl}/v1`, undefined),
  });
  return providers;
}

/** The gateway over every configured provider plus the offline demo model. */
export function createLlmGateway(options: LlmGatewayOptions): LlmGateway {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const providers = buildProviders({ ...options, fetch: fetchFn });
  const cacheMs = options.cacheMs ?? 60_000;
  const { allowed, invalid } = parseAllowList(options.config.models);
  if (invalid.length > 0) {
    options.log.warn({ entries: invalid }, 'MODELS entries without a provider prefix ignored');
  }
  let cached: { at: number; list: Promise<LlmModel[]> } | undefined;
  // A provider repeats its warnings on every call: the log gets them once per model.
  const warned = new Set<string>();
  const logWarnings = (modelId: string, warnings: SharedV3Warning[]) => {
    if (warned.has(modelId)) return;
    warned.add(modelId);
    options.log.warn({ model: modelId, warnings }, 'model provider warnings');
  };

  async function collectModels(): Promise<LlmModel[]> {
    const lists = await Promise.all(
      providers.map((provider) =>
        provider.listModels().catch((err: unknown) => {
          // Ollama is probed whether or not it runs: its absence is normal, not news.
          if (provider.name !== 'ollama') {
            options.log.warn(
              { err, provider: provider.name },
              'model list failed: provider skipped',
            );
          }
          return [];
        }),
      ),
    );
    return applyAllowList({ models: [...lists.flat(), describeDemoModel()], allowed });
  }

  return {
    listModels() {
      const now = Date.now();
      if (!cached || now - cached.at >= cacheMs) cached = { at: now, list: collectModels() };
      return cached.list;
    },

    streamAnswer(request: StreamAnswerOptions): AsyncIterable<LlmEvent> {
      const parsed = parseModelId(request.modelId);
      if (parsed?.provider === 'demo' && parsed.model === DEMO_MODEL_NAME) {
        return streamDemoAnswer({
          system: request.system,
          messages: request.messages,
          language: request.language ?? 'en',
          signal: request.signal,
          chunkDelayMs: options.demoChunkDelayMs ?? 40,
        });
      }
      const provider = providers.find((candidate) => candidate.name === parsed?.provider);
      if (!parsed || !provider) return failWith(`no configured provider for ${request.modelId}`);
      return provider.streamAnswer(parsed.model, {
        system: request.system,
        messages: request.messages,
        signal: request.signal,
        maxOutputTokens: request.maxOutputTokens,
        idleTimeoutMs: request.timeoutMs ?? options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
        onUpstreamError: (err) =>
          options.log.warn({ err, model: request.modelId }, 'model answer failed'),
        onWarnings: (warnings) => logWarnings(request.modelId, warnings),
      });
    },
  };

  async function* failWith(reason: string): AsyncGenerator<LlmEvent> {
    options.log.warn({ reason }, 'model answer failed');
    yield { type: 'error', code: 'upstream_error' };
  }
}
