import { describe, expect, it } from 'vitest';
import { errorCode, errorMessage, errorMessageKey, UNKNOWN_ERROR_KEY } from './error-message';

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

describe('errorMessage', () => {
  it('says how long to wait when the server was rate limited with Retry-After', () => {
    const limited = { status: 429, data: { detail: 'rate_limited' }, retryAfterSeconds: 30 };
    expect(errorMessage(limited)).toEqual({ key: 'errors:retryIn', values: { count: 30 } });
    const { retryAfterSeconds: _, ...withoutWait } = limited;
    expect(errorMessage(withoutWait)).toEqual({ key: 'errors:codes.rate_limited' });
  });

  it('exposes the code of an API error', () => {
    expect(errorCode({ status: 400, data: { detail: 'code_expired' } })).toBe('code_expired');
    expect(errorCode({ status: 'FETCH_ERROR', error: 'TypeError' })).toBeUndefined();
  });
});
