import { describe, expect, it } from 'vitest';
import { formatMoney, formatTokens } from './billing-format';

// Intl separates groups with (narrow) no-break spaces in Polish.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('billing formatting', () => {
  it('groups token counts per language', () => {
    expect(formatTokens(1_000_000, 'en')).toBe('1,000,000');
    expect(plain(formatTokens(1_000_000, 'pl'))).toBe('1 000 000');
  });

  it('formats amounts from minor units as currency per language', () => {
    expect(plain(formatMoney(9900, 'PLN', 'pl'))).toBe('99,00 zł');
    expect(plain(formatMoney(8049, 'PLN', 'en'))).toBe('PLN 80.49');
    // Polish groups digits from five on.
    expect(plain(formatMoney(123_456, 'PLN', 'pl'))).toBe('1234,56 zł');
    expect(plain(formatMoney(12_345_678, 'PLN', 'pl'))).toBe('123 456,78 zł');
  });
});
