const FIRST_RETRY_MS = 10_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** Exponential backoff after the given number of failed attempts: 10 s, 20 s, 40 s ... at most 1 h. */
export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(failedAttempts - 1, 0);
  return Math.min(FIRST_RETRY_MS * 2 ** exponent, LONGEST_RETRY_MS);
}

/** What the table keeps of a failure: the message only, bounded, never the payload. */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message || 'failed without a message').slice(0, 1000);
}
