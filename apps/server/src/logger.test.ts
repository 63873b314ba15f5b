import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides secret query parameters and keeps the rest', () => {
    expect(redactUrl('/api/reset?token=abc&lang=pl')).toBe('/api/reset?token=[Redacted]&lang=pl');
    expect(redactUrl('/cb?state=s1&code=123456')).toBe('/cb?state=[Redacted]&code=[Redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
