import type { Config } from '../../config';
import { NO_ERROR_REPORTER, type ErrorReporter } from './error-reporter';
import { createSentryReporter } from './sentry-reporter';

/** Sentry when SENTRY_DSN is set; otherwise errors are only logged. */
export async function startErrorReporting(config: Config): Promise<ErrorReporter> {
  if (!config.sentryDsn) return NO_ERROR_REPORTER;
  // Imported only here: loading the SDK takes most of a second, which a start without it skips.
  const sentry = await import('@sentry/node');
  return createSentryReporter(sentry, {
    dsn: config.sentryDsn,
    environment: config.environment,
    origin: config.publicUrl.origin,
  });
}
