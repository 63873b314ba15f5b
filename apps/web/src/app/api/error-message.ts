import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isErrorCode } from '@themis/shared';

export const UNKNOWN_ERROR_KEY = 'errors:client.unknown';

const CLIENT_ERROR_KEYS: Record<string, string> = {
  FETCH_ERROR: 'errors:client.fetch',
  PARSING_ERROR: 'errors:client.parsing',
  TIMEOUT_ERROR: 'errors:client.timeout',
};

function detailOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null && 'detail' in data ? data.detail : undefined;
}

/** The `errors` translation key for an API error: its `detail` code, or a client-side failure. */
export function errorMessageKey(error: FetchBaseQueryError | SerializedError | undefined): string {
  if (!error || !('status' in error)) return UNKNOWN_ERROR_KEY;
  if (typeof error.status === 'string') return CLIENT_ERROR_KEYS[error.status] ?? UNKNOWN_ERROR_KEY;
  const detail = detailOf(error.data);
  return isErrorCode(detail) ? `errors:codes.${detail}` : UNKNOWN_ERROR_KEY;
}
