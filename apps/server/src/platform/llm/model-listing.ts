import type { LlmModel } from './llm';
import { describeModel, isOpenAiChatModel } from './model-catalog';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
const ANTHROPIC_VERSION = '2023-06-01';

/** Offered when the Anthropic listing fails (some proxies do not implement it). */
const ANTHROPIC_FALLBACK: [model: string, displayName: string][] = [
  ['claude-sonnet-4-5', 'Claude Sonnet 4.5'],
  ['claude-opus-4-1', 'Claude Opus 4.1'],
  ['claude-haiku-4-5', 'Claude Haiku 4.5'],
];

export interface ListingOptions {
  fetch: typeof fetch;
  timeoutMs: number;
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

async function getJson(
  options: ListingOptions & { url: string; headers?: Record<string, string> },
) {
  const response = await options.fetch(options.url, {
    headers: options.headers,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`GET ${options.url} answered ${response.status}`);
  }
  return (await response.json()) as unknown;
}

function readArray(body: unknown, key: string): Record<string, unknown>[] {
  const value = (body as Record<string, unknown> | null)?.[key];
  if (!Array.isArray(value)) throw new Error(`the listing has no "${key}" array`);
  return value.filter(
    (item): item is Record<string, unknown> => !!item && typeof item === 'object',
  );
}

const stringOf = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** `GET {base}/models`; the official API's listing is narrowed to chat models. */
export async function listOpenAiModels(
  options: ListingOptions & { baseUrl: string; apiKey: string | undefined },
): Promise<LlmModel[]> {
  const baseUrl = trimSlash(options.baseUrl);
  const body = await getJson({
    ...options,
    url: `${baseUrl}/models`,
    headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : undefined,
  });
  const official = baseUrl === OPENAI_DEFAULT_BASE_URL;
  return readArray(body, 'data')
    .map((item) => stringOf(item.id))
    .filter((id): id is string => !!id && (!official || isOpenAiChatModel(id)))
    .sort()
    .map((model) => describeModel({ provider: 'openai', model }));
}

/** `GET {base}/v1/models`, or a short built-in list when that fails. */
export async function listAnthropicModels(
  options: ListingOptions & {
    baseUrl: string;
    apiKey: string;
    onFallback: (error: unknown) => void;
  },
): Promise<LlmModel[]> {
  try {
    const body = await getJson({
      ...options,
      url: `${anthropicApiUrl(options.baseUrl)}/models?limit=100`,
      headers: { 'x-api-key': options.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
    });
    return readArray(body, 'data').flatMap((item) => {
      const model = stringOf(item.id);
      if (!model) return [];
      const displayName = stringOf(item.display_name);
      return [describeModel({ provider: 'anthropic', model, displayName })];
    });
  } catch (error) {
    options.onFallback(error);
    return ANTHROPIC_FALLBACK.map(([model, displayName]) =>
      describeModel({ provider: 'anthropic', model, displayName }),
    );
  }
}

/** Both `https://api.anthropic.com` and `.../v1` are accepted as ANTHROPIC_BASE_URL. */
export function anthropicApiUrl(baseUrl: string): string {
  const base = trimSlash(baseUrl);
  return base.endsWith('/v1') ? base : `${base}/v1`;
}

/** `GET {base}/api/tags`: the models pulled into the local Ollama. */
export async function listOllamaModels(
  options: ListingOptions & { baseUrl: string },
): Promise<LlmModel[]> {
  const body = await getJson({ ...options, url: `${trimSlash(options.baseUrl)}/api/tags` });
  return readArray(body, 'models')
    .map((item) => stringOf(item.name) ?? stringOf(item.model))
    .filter((name): name is string => !!name)
    .sort()
    .map((model) => describeModel({ provider: 'ollama', model }));
}
