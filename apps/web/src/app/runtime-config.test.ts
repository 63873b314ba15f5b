import { DEFAULT_RUNTIME_CONFIG } from '@themis/shared';
import { describe, expect, it, vi } from 'vitest';
import { parseRuntimeConfig } from './runtime-config';

describe('parseRuntimeConfig', () => {
  it('accepts a complete injected object', () => {
    const injected = { ...DEFAULT_RUNTIME_CONFIG, apiHost: 'api.themis.test', protocol: 'http' };
    expect(parseRuntimeConfig(injected)).toEqual(injected);
  });

  it('falls back to the defaults when nothing was injected', () => {
    expect(parseRuntimeConfig(undefined)).toBe(DEFAULT_RUNTIME_CONFIG);
  });

  it('falls back to the defaults when the object is invalid', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(parseRuntimeConfig({ apiHost: 42 })).toBe(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig('nonsense')).toBe(DEFAULT_RUNTIME_CONFIG);
    expect(console.error).toHaveBeenCalled();
  });
});
