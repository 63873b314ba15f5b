import type { ModelInfo } from '@themis/shared';

/** A model a chat can use; `id` is `<provider>:<model>`. */
export type LlmModel = ModelInfo;
export type LlmProviderName = LlmModel['provider'];

export type LlmContentPart =
  { type: 'text'; text: string } | { type: 'image'; data: Uint8Array; mediaType: string };

export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string | LlmContentPart[];
}

export interface LlmUsage {
  input_tokens: number;
  output_tokens: number;
  /** True when the provider reported nothing and the numbers were estimated. */
  estimated: boolean;
}

export type LlmFinishReason = 'stop' | 'length' | 'content-filter' | 'other';

export type LlmEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; usage: LlmUsage; finish_reason: LlmFinishReason }
  | { type: 'error'; code: 'upstream_error' | 'upstream_timeout' };

export interface StreamAnswerOptions {
  modelId: string;
  system: string;
  messages: LlmMessage[];
  /** Aborting ends the stream quietly (no error, no done) and cancels the upstream request. */
  signal: AbortSignal;
  /** Longest wait for the next byte from the provider; 60 s by default. */
  timeoutMs?: number;
  /** The longest answer, in tokens: what the monthly limit holds back for it. */
  maxOutputTokens?: number;
  /** Language of the demo model's answer; real models follow the system prompt. */
  language?: 'en' | 'pl';
}

/**
 * The one door to language models. Upstream trouble never throws: the stream ends with
 * an `error` event after whatever deltas arrived.
 */
export interface LlmGateway {
  listModels(): Promise<LlmModel[]>;
  streamAnswer(options: StreamAnswerOptions): AsyncIterable<LlmEvent>;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/** Splits `<provider>:<model>` at the first colon (Ollama names carry their own, `llama3:8b`). */
export function parseModelId(id: string): { provider: string; model: string } | undefined {
  const colon = id.indexOf(':');
  if (colon <= 0 || colon === id.length - 1) return undefined;
  return { provider: id.slice(0, colon), model: id.slice(colon + 1) };
}
