import { createRequire } from 'node:module';
import type { LlmMessage, LlmUsage } from './llm';

/** English and Polish prose average about four characters a token across common tokenizers. */
const CHARS_PER_TOKEN = 4;
/** A typical image costs providers in the order of a thousand input tokens. */
const TOKENS_PER_IMAGE = 1000;

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

function sumInput(options: { system: string; messages: LlmMessage[] }, count: typeof countTokens) {
  let tokens = count(options.system);
  for (const message of options.messages) {
    if (typeof message.content === 'string') {
      tokens += count(message.content);
      continue;
    }
    for (const part of message.content) {
      tokens += part.type === 'text' ? count(part.text) : TOKENS_PER_IMAGE;
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
