import { describe, expect, it } from 'vitest';
import { errorMessageKey, UNKNOWN_ERROR_KEY } from './error-message';

describe('errorMessageKey', () => {
  it('maps a known detail code to its errors key', () => {
    expect(errorMessageKey({ status: 401, data: { detail: 'invalid_credentials' } })).toBe(
      'errors:codes.invalid_credentials',
    );
  });

  it('gives client-side failures their own messages', () => {
    expect(errorMessageKey({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe(
      'errors:client.fetch',
    );
    expect(
      errorMessageKey({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' }),
    ).toBe('errors:client.parsing');
    expect(errorMessageKey({ status: 'TIMEOUT_ERROR', error: 'timed out' })).toBe(
      'errors:client.timeout',
    );
  });

  it("falls back to 'Something went wrong'", () => {
    expect(errorMessageKey({ status: 500, data: { detail: 'no_such_code' } })).toBe(
      UNKNOWN_ERROR_KEY,
    );
    expect(errorMessageKey({ status: 500, data: 'oops' })).toBe(UNKNOWN_ERROR_KEY);
    expect(errorMessageKey({ status: 'CUSTOM_ERROR', error: 'schema' })).toBe(UNKNOWN_ERROR_KEY);
    expect(errorMessageKey({ message: 'serialized' })).toBe(UNKNOWN_ERROR_KEY);
    expect(errorMessageKey(undefined)).toBe(UNKNOWN_ERROR_KEY);
  });
});
