import type { ErrorCode } from '@themis/shared';

/**
 * The one error the services throw: `code` becomes the `detail` of the JSON body,
 * `message` stays internal (logs only).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string = code,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'resource') => new AppError('not_found', 404, `${what} not found`);

/** 429 with the seconds to wait, sent as Retry-After. */
/** The background job encrypted or decrypted the conversation meanwhile: try again. */
export const encryptionChanged = () =>
  new AppError('encryption_in_progress', 409, 'conversation encryption changed meanwhile');

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterS: number) {
    super('rate_limited', 429, `rate limited for ${retryAfterS} s`);
  }
}
