import type { LlmMessage, LlmUsage } from './llm';

/** English and Polish prose average about four characters a token across common tokenizers. */
const CHARS_PER_TOKEN = 4;
/** A typical image costs providers in the order of a thousand input tokens. */
const TOKENS_PER_IMAGE = 1000;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateInputTokens(options: { system: string; messages: LlmMessage[] }): number {
  let tokens = estimateTokens(options.system);
  for (const message of options.messages) {
    if (typeof message.content === 'string') {
      tokens += estimateTokens(message.content);
      continue;
    }
    for (const part of message.content) {
      tokens += part.type === 'text' ? estimateTokens(part.text) : TOKENS_PER_IMAGE;
    }
  }
  return tokens;
}

/** Usage for a call whose provider reported none. */
export function estimateUsage(options: {
  system: string;
  messages: LlmMessage[];
  answer: string;
}): LlmUsage {
  return {
    input_tokens: estimateInputTokens(options),
    output_tokens: estimateTokens(options.answer),
    estimated: true,
  };
}
