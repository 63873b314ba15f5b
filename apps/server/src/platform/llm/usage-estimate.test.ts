import { describe, expect, it } from 'vitest';
import {
  boundInputTokens,
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

  it('bounds the input tokens of any text from above, however densely it tokenizes', () => {
    const texts = [
      'Czy wynajmujący może zatrzymać kaucję?',
      '合同是否有效？'.repeat(50),
      'もし契約が無効なら、どうなりますか',
      '🧾⚖️🏛️'.repeat(20),
      'x9$Kq~!Zp'.repeat(40),
      '1234567890'.repeat(30),
      ' '.repeat(100),
    ];
    for (const text of texts) {
      const call = { system: text, messages: [{ role: 'user' as const, content: text }] };
      expect(boundInputTokens(call)).toBeGreaterThanOrEqual(countInputTokens(call));
      // And where the quick estimate falls short, as it does for Chinese.
      expect(boundInputTokens(call)).toBeGreaterThanOrEqual(estimateInputTokens(call));
    }
    const chinese = '合同是否有效？'.repeat(50);
    const call = { system: '', messages: [{ role: 'user' as const, content: chinese }] };
    expect(estimateInputTokens(call)).toBeLessThan(countInputTokens(call));
    // Three bytes a character, and the framing of the system prompt and one message.
    expect(boundInputTokens(call)).toBe(3 * chinese.length + 2 * 8);
  });

  it('counts an image at the most a listed vision model charges for one', () => {
    const call = { system: '', messages: [{ role: 'user' as const, content: [image] }] };
    expect(boundInputTokens(call)).toBe(1600 + 2 * 8);
  });
});
