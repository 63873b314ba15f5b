import { describe, expect, it } from 'vitest';
import { brokenPasswordRules } from './rules';
import { ZAccountPassword } from './validation';

const SAMPLES = [
  '',
  'short',
  'alllowercase1',
  'ALLUPPERCASE1',
  'NoDigitsHere',
  'Good-Pass1',
  'Zażółć-Gęślą9',
  'Tab\tInside1',
  'Emoji😀Pass1',
  `Aa1${'x'.repeat(60)}`,
  'Spaces are not Allowed1',
];

describe('the account password rules without zod', () => {
  it.each(SAMPLES)('break exactly what the schema reports for %j', (password) => {
    const reported = ZAccountPassword.safeParse(password).error?.issues.map((i) => i.message);
    expect([...brokenPasswordRules(password)].sort()).toEqual([...new Set(reported)].sort());
  });

  it('break nothing for a good password and every rule but length for ten spaces', () => {
    expect([...brokenPasswordRules('Good-Pass1')]).toEqual([]);
    expect([...brokenPasswordRules('          ')].sort()).toEqual([
      'validation.passwordCase',
      'validation.passwordCharacters',
      'validation.passwordDigitOrSpecial',
    ]);
  });
});
