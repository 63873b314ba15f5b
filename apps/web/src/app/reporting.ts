import { APP_VERSION, type RuntimeConfig } from '@themis/shared';
import { logEvent, recentLog } from './log';
import { runtimeConfig } from './runtime-config';

type SentryModule = Pick<
  typeof import('@sentry/react'),
  'init' | 'captureException' | 'captureFeedback'
>;

export interface UserFeedback {
  message: string;
  email: string;
  name: string;
  tags: Record<string, string>;
}

export interface ErrorReporterOptions {
  config: () => RuntimeConfig;
  loadSentry?: () => Promise<SentryModule>;
}

export interface ErrorReporter {
  /** Starts the reporting client early so it also catches uncaught errors. */
  start(): void;
  report(error: unknown, context?: Record<string, unknown>): Promise<void>;
  /** Sends what a user wrote in the feedback dialog, when a DSN is configured. */
  feedback(feedback: UserFeedback): Promise<void>;
}

// Destructured so the bundler keeps only what is used from the SDK.
async function importSentry(): Promise<SentryModule> {
  const { init, captureException, captureFeedback } = await import('@sentry/react');
  return { init, captureException, captureFeedback };
}

export function createErrorReporter({
  config,
  loadSentry = importSentry,
}: ErrorReporterOptions): ErrorReporter {
  let sentry: Promise<SentryModule> | undefined;

  // Loaded lazily: without a DSN the SDK never reaches the browser.
  function client(): Promise<SentryModule> | undefined {
    const { sentryDsn, environment } = config();
    if (!sentryDsn) return undefined;
    sentry ??= loadSentry().then((module) => {
      module.init({ dsn: sentryDsn, environment, release: APP_VERSION });
      return module;
    });
    return sentry;
  }

  return {
    start() {
      client()?.catch((error: unknown) => console.error('Error reporting unavailable', error));
    },
    async report(error, context) {
      const log = recentLog();
      console.error(error, context ?? '');
      logEvent('error', error instanceof Error ? error.message : String(error));
      const pending = client();
      if (!pending) return;
      try {
        const module = await pending;
        module.captureException(error, {
          attachments: [
            {
              filename: 'recent-log.json',
              data: JSON.stringify(log, null, 2),
              contentType: 'application/json',
            },
          ],
          captureContext: { extra: { ...context, recentLog: log } },
        });
      } catch (reportingError) {
        console.error('Error reporting failed', reportingError);
      }
    },
    async feedback({ message, email, name, tags }) {
      const pending = client();
      if (!pending) return;
      try {
        (await pending).captureFeedback({ message, email, name, tags });
      } catch (reportingError) {
        console.error('Feedback reporting failed', reportingError);
      }
    },
  };
}

export const errorReporter = createErrorReporter({ config: runtimeConfig });

export function reportError(error: unknown, context?: Record<string, unknown>): Promise<void> {
  return errorReporter.report(error, context);
}

export function reportFeedback(feedback: UserFeedback): Promise<void> {
  return errorReporter.feedback(feedback);
}
