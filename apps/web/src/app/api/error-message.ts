import { isErrorCode, type ErrorCode } from '@themis/shared';

export const UNKNOWN_ERROR_KEY = 'errors:client.unknown';
const RETRY_IN_KEY = 'errors:retryIn';

const CLIENT_ERROR_KEYS: Record<string, string> = {
  FETCH_ERROR: 'errors:client.fetch',
  PARSING_ERROR: 'errors:client.parsing',
  TIMEOUT_ERROR: 'errors:client.timeout',
};

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** The API error code of a failed call (`{"detail": code}`), if it has one. */
export function errorCode(error: unknown): ErrorCode | undefined {
  const detail = field(field(error, 'data'), 'detail');
  return isErrorCode(detail) ? detail : undefined;
}

/** Seconds the server asked to wait (Retry-After), if it said. */
export function retryAfterSeconds(error: unknown): number | undefined {
  const seconds = field(error, 'retryAfterSeconds');
  return typeof seconds === 'number' ? seconds : undefined;
}

/** A refusal that says how long to wait: a button counting down says it better than an error. */
export function isWaitToRetry(error: unknown): boolean {
  return errorCode(error) === 'rate_limited' && retryAfterSeconds(error) !== undefined;
}

/**
 * The `errors` translation key for a failed call (an RTK Query error or what `unwrap()`
 * threw): its `detail` code, or a client-side failure.
 */
export function errorMessageKey(error: unknown): string {
  const status = field(error, 'status');
  if (typeof status === 'string') return CLIENT_ERROR_KEYS[status] ?? UNKNOWN_ERROR_KEY;
  if (typeof status !== 'number') return UNKNOWN_ERROR_KEY;
  const code = errorCode(error);
  return code ? `errors:codes.${code}` : UNKNOWN_ERROR_KEY;
}

/** Key and values of the message for a failed call; a known wait is shown in seconds. */
export function errorMessage(error: unknown): { key: string; values?: { count: number } } {
  const seconds = retryAfterSeconds(error);
  if (errorCode(error) === 'rate_limited' && seconds !== undefined) {
    return { key: RETRY_IN_KEY, values: { count: seconds } };
  }
  return { key: errorMessageKey(error) };
}
