import { createRequire } from 'node:module';
import type { LlmMessage, LlmUsage } from './llm';

/** English and Polish prose average about four characters a token across common tokenizers. */
const CHARS_PER_TOKEN = 4;
/** A typical image costs providers in the order of a thousand input tokens. */
const TOKENS_PER_IMAGE = 1000;
/**
 * The most an image of the sizes we accept costs the vision models we list: Anthropic's cap
 * of about 1,600 tokens, above OpenAI's 1,445 for GPT-4o's largest tiling.
 */
const TOKENS_PER_IMAGE_AT_MOST = 1600;
/** Role markers and separators a provider adds around each message. */
const TOKENS_PER_MESSAGE_AT_MOST = 8;

type Tokenizer = typeof import('gpt-tokenizer/encoding/o200k_base');
let tokenizer: Tokenizer | undefined;
// Special-token markers a user types are counted as plain text; by default the tokenizer throws.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * o200k_base (GPT-4o onwards), loaded on first use rather than at start-up: its ranks take
 * about 0.2 s and 35 MB, and many instances never need an estimate.
 */
function loadTokenizer(): Tokenizer {
  tokenizer ??= createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as Tokenizer;
  return tokenizer;
}

/** Tokens of `text` by a real tokenizer: what metering charges when a provider reports none. */
export function countTokens(text: string): number {
  return text ? loadTokenizer().countTokens(text, PLAIN_TEXT) : 0;
}

function sumInput(
  options: { system: string; messages: LlmMessage[] },
  count: typeof countTokens,
  perImage = TOKENS_PER_IMAGE,
) {
  let tokens = count(options.system);
  for (const message of options.messages) {
    if (typeof message.content === 'string') {
      tokens += count(message.content);
      continue;
    }
    for (const part of message.content) {
      tokens += part.type === 'text' ? count(part.text) : perImage;
    }
  }
  return tokens;
}

/** Input tokens of a call by the tokenizer, a flat amount per image. */
export function countInputTokens(options: { system: string; messages: LlmMessage[] }): number {
  return sumInput(options, countTokens);
}

/** About four characters a token: cheap enough to fit the context window on every question. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** The quick estimate of a call's input, for fitting the context window (not for metering). */
export function estimateInputTokens(options: { system: string; messages: LlmMessage[] }): number {
  return sumInput(options, estimateTokens);
}

/**
 * At least as many input tokens as any model's tokenizer makes of the call: byte-level BPE
 * tokenizers (OpenAI's, Anthropic's, Llama's with byte fallback) never make more than one token
 * of a UTF-8 byte, so the bytes bound every text, however densely it tokenizes (a Chinese
 * character is three bytes and one or two tokens). What the monthly limit holds a question to
 * while its answer is written, so that questions sent at once cannot pass it by more than one.
 */
export function boundInputTokens(options: { system: string; messages: LlmMessage[] }): number {
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
  const framing = (options.messages.length + 1) * TOKENS_PER_MESSAGE_AT_MOST;
  return sumInput(options, bytes, TOKENS_PER_IMAGE_AT_MOST) + framing;
}

/** Usage for a call whose provider reported none, counted by the tokenizer. */
export function estimateUsage(options: {
  system: string;
  messages: LlmMessage[];
  answer: string;
}): LlmUsage {
  return {
    input_tokens: countInputTokens(options),
    output_tokens: countTokens(options.answer),
    estimated: true,
  };
}
