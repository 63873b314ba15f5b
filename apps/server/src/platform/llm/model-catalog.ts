import { DEFAULT_CONTEXT_WINDOW } from '@themis/shared';
import type { LlmModel, LlmProviderName } from './llm';

/** Families that accept images, by provider; matched on the lower-cased model name. */
const VISION_PATTERNS: Record<LlmProviderName, RegExp[]> = {
  openai: [/^gpt-4o/, /^gpt-4\.1/, /^gpt-5/, /^o1(?!-mini)/, /^o3(?!-mini)/, /^o4/, /^chatgpt-4o/],
  anthropic: [/^claude-3/, /^claude-.*-4/],
  ollama: [/llava/, /vision/, /gemma3/, /qwen2\.5vl/],
  demo: [],
};

/** Longest matching prefix wins; anything else gets DEFAULT_CONTEXT_WINDOW. */
const CONTEXT_WINDOWS: [prefix: string, tokens: number][] = [
  ['gpt-3.5-turbo', 16_385],
  ['gpt-4-turbo', 128_000],
  ['gpt-4o', 128_000],
  ['gpt-4.1', 1_047_576],
  ['gpt-5', 400_000],
  ['o1', 200_000],
  ['o3', 200_000],
  ['o4', 200_000],
  ['claude-', 200_000],
];

const OPENAI_CHAT_PREFIXES = ['gpt-', 'o1', 'o3', 'o4', 'chatgpt-'];
/** These share the chat prefixes but do not answer chat completions with text. */
const OPENAI_NON_CHAT = /(audio|realtime|transcribe|tts|image|embedding|search)/;

export function isVisionModel(options: { provider: LlmProviderName; model: string }): boolean {
  const name = options.model.toLowerCase();
  return VISION_PATTERNS[options.provider].some((pattern) => pattern.test(name));
}

export function lookUpContextWindow(model: string): number {
  const name = model.toLowerCase();
  let best: [string, number] | undefined;
  for (const entry of CONTEXT_WINDOWS) {
    if (name.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1] ?? DEFAULT_CONTEXT_WINDOW;
}

/** The official API lists embeddings, audio and image models too; chats need only these. */
export function isOpenAiChatModel(model: string): boolean {
  return (
    OPENAI_CHAT_PREFIXES.some((prefix) => model.startsWith(prefix)) && !OPENAI_NON_CHAT.test(model)
  );
}

export function describeModel(options: {
  provider: LlmProviderName;
  model: string;
  displayName?: string;
}): LlmModel {
  const { provider, model } = options;
  return {
    id: `${provider}:${model}`,
    provider,
    model,
    display_name: options.displayName ?? model,
    vision: isVisionModel({ provider, model }),
    context_window: lookUpContextWindow(model),
    is_demo: provider === 'demo',
  };
}

export interface AllowedModel {
  id: string;
  displayName: string | undefined;
}

/** `MODELS`: `openai:gpt-4o=GPT-4o,demo:themis-demo`; entries without a provider are skipped. */
export function parseAllowList(value: string | undefined): {
  allowed: AllowedModel[] | undefined;
  invalid: string[];
} {
  if (value === undefined || value.trim() === '') return { allowed: undefined, invalid: [] };
  const allowed: AllowedModel[] = [];
  const invalid: string[] = [];
  for (const entry of value.split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const equals = trimmed.indexOf('=');
    const id = (equals < 0 ? trimmed : trimmed.slice(0, equals)).trim();
    const displayName = equals < 0 ? undefined : trimmed.slice(equals + 1).trim() || undefined;
    if (/^[a-z]+:.+/.test(id)) allowed.push({ id, displayName });
    else invalid.push(trimmed);
  }
  return { allowed, invalid };
}

/** Keeps only the allowed models, in the allow-list's order, renamed where it says so. */
export function applyAllowList(options: {
  models: LlmModel[];
  allowed: AllowedModel[] | undefined;
}): LlmModel[] {
  if (!options.allowed) return options.models;
  const byId = new Map(options.models.map((model) => [model.id, model]));
  const result: LlmModel[] = [];
  for (const entry of options.allowed) {
    const model = byId.get(entry.id);
    if (!model) continue;
    byId.delete(entry.id);
    result.push(entry.displayName ? { ...model, display_name: entry.displayName } : model);
  }
  return result;
}
