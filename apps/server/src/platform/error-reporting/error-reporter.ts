/** Where a server error happened: nothing personal, only the opaque id of the user. */
export interface ErrorRequest {
  method: string;
  /** The route pattern (`/api/conversation/get/:pk`); undefined when no route matched. */
  route: string | undefined;
  /** The path, without its query and with secret segments hidden. */
  path: string;
  userAgent: string | undefined;
  userId: string | undefined;
}

/** Server errors nothing handled, sent to an error tracker (Sentry) or nowhere. */
export interface ErrorReporter {
  /** Reports the error in the background; never throws. */
  capture(error: unknown, request?: ErrorRequest): void;
  /** Sends what is still queued, waiting at most `timeoutMs`. */
  flush(timeoutMs: number): Promise<void>;
}

export const NO_ERROR_REPORTER: ErrorReporter = {
  capture: () => undefined,
  flush: async () => undefined,
};

/**
 * An uncaught exception or unhandled rejection is reported, then the process ends with code
 * 1 as it would have without a handler. Nothing changes when no reporter is configured.
 */
export function reportCrashes(reporter: ErrorReporter, flushTimeoutMs: number): void {
  if (reporter === NO_ERROR_REPORTER) return;
  const crash = (error: unknown) => {
    console.error('Themis stops:', error);
    reporter.capture(error);
    void reporter.flush(flushTimeoutMs).finally(() => process.exit(1));
  };
  // Once: a second failure while the first is being sent ends the process at once.
  process.once('uncaughtException', crash);
  process.once('unhandledRejection', crash);
}
