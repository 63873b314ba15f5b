import { describe, expect, it } from 'vitest';
import { FOREIGN_KEY_VIOLATION, isDatabaseError, UNIQUE_VIOLATION } from './constraint-errors';

describe('isDatabaseError', () => {
  it('finds the code on the error or on the error it wraps', () => {
    const driver = Object.assign(new Error('duplicate key'), { code: UNIQUE_VIOLATION });
    const wrapped = Object.assign(new Error('Failed query'), { cause: driver });
    expect(isDatabaseError(driver, UNIQUE_VIOLATION)).toBe(true);
    expect(isDatabaseError(wrapped, UNIQUE_VIOLATION)).toBe(true);
    expect(isDatabaseError(wrapped, FOREIGN_KEY_VIOLATION)).toBe(false);
    expect(isDatabaseError(new Error('other'), UNIQUE_VIOLATION)).toBe(false);
    expect(isDatabaseError(undefined, UNIQUE_VIOLATION)).toBe(false);
  });
});
