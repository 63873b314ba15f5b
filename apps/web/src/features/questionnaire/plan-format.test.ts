import { describe, expect, it } from 'vitest';
import { formatPrice, formatTokens } from './plan-format';

// Intl separates groups with (narrow) no-break spaces in Polish.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('plan formatting', () => {
  it('groups token counts per language', () => {
    expect(formatTokens(1_000_000, 'en')).toBe('1,000,000');
    expect(plain(formatTokens(1_000_000, 'pl'))).toBe('1 000 000');
  });

  it('formats prices from minor units as currency per language', () => {
    expect(formatPrice(4900, 'PLN', 'pl')).toMatch(/^49,00\szł$/);
    expect(formatPrice(4900, 'EUR', 'en')).toBe('€49.00');
  });
});
