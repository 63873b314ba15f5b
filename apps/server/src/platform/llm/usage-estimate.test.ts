import { describe, expect, it } from 'vitest';
import { estimateInputTokens, estimateTokens, estimateUsage } from './usage-estimate';

describe('usage estimate', () => {
  it('counts about four characters a token, rounding up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
  });

  it('adds the system prompt, every text part and a flat amount per image', () => {
    const input = estimateInputTokens({
      system: 'x'.repeat(40),
      messages: [
        { role: 'user', content: 'y'.repeat(8) },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'z'.repeat(4) },
            { type: 'image', data: new Uint8Array(10), mediaType: 'image/png' },
          ],
        },
      ],
    });
    expect(input).toBe(10 + 2 + 1 + 1000);
  });

  it('marks the usage as estimated', () => {
    expect(estimateUsage({ system: 'abcd', messages: [], answer: 'abcdefgh' })).toEqual({
      input_tokens: 1,
      output_tokens: 2,
      estimated: true,
    });
  });
});
