import { describe, expect, it } from 'vitest';
import {
  countInputTokens,
  countTokens,
  estimateInputTokens,
  estimateTokens,
  estimateUsage,
} from './usage-estimate';

const image = { type: 'image' as const, data: new Uint8Array(10), mediaType: 'image/png' };

describe('usage estimate', () => {
  it('counts tokens with the o200k tokenizer, not by length', () => {
    expect(countTokens('')).toBe(0);
    // Token ids 13225, 2375 in o200k_base; four characters a token would say 3.
    expect(countTokens('Hello world')).toBe(2);
    expect(countTokens('Czy wynajmujący może zatrzymać kaucję?')).toBe(14);
    // Digits go in threes.
    expect(countTokens('1234567')).toBe(3);
  });

  it('counts a special-token marker a user typed as plain text instead of throwing', () => {
    expect(countTokens('see <|endoftext|> here')).toBe(9);
  });

  it('adds the system prompt, every text part and a flat amount per image', () => {
    const options = {
      system: 'Hello world',
      messages: [
        { role: 'user' as const, content: 'Hello world' },
        { role: 'user' as const, content: [{ type: 'text' as const, text: 'Hello' }, image] },
      ],
    };
    expect(countInputTokens(options)).toBe(2 + 2 + 1 + 1000);
  });

  it('marks the usage as estimated', () => {
    expect(
      estimateUsage({
        system: 'Hello world',
        messages: [{ role: 'user', content: 'Hello' }],
        answer: 'Hello world',
      }),
    ).toEqual({ input_tokens: 3, output_tokens: 2, estimated: true });
  });

  it('keeps the quick four-characters-a-token estimate for fitting the context window', () => {
    expect(estimateTokens('abcde')).toBe(2);
    const input = estimateInputTokens({
      system: 'x'.repeat(40),
      messages: [
        { role: 'user', content: 'y'.repeat(8) },
        { role: 'user', content: [{ type: 'text', text: 'z'.repeat(4) }, image] },
      ],
    });
    expect(input).toBe(10 + 2 + 1 + 1000);
  });
});
