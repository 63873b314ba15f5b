import { describe, expect, it } from 'vitest';
import { describeFailure, retryDelayMs } from './job-retry';

describe('retryDelayMs', () => {
  it('doubles from 10 seconds after each failed attempt', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
  });

  it('never waits longer than an hour', () => {
    expect(retryDelayMs(9)).toBe(2_560_000);
    expect(retryDelayMs(10)).toBe(3_600_000);
    expect(retryDelayMs(1000)).toBe(3_600_000);
  });
});

describe('describeFailure', () => {
  it('keeps the message of an error, bounded', () => {
    expect(describeFailure(new Error('connection refused'))).toBe('connection refused');
    expect(describeFailure(new Error('x'.repeat(5000)))).toHaveLength(1000);
    expect(describeFailure('plain')).toBe('plain');
    expect(describeFailure(new Error(''))).toBe('failed without a message');
  });
});
