import type * as SentryNode from '@sentry/node';
import type { ErrorReporter } from './error-reporter';
import { scrubEvent } from './scrub-event';

type Sentry = typeof SentryNode;

/** The SDK keeps one client per process: apps built again with the same settings share it. */
let started: { dsn: string; environment: string } | undefined;

/**
 * Errors only: no tracing, no instrumentation of http, console or modules, no handlers of
 * its own for uncaught errors (main.ts reports those), nothing sent but error events.
 */
function initSentry(sentry: Sentry, options: { dsn: string; environment: string }): void {
  if (started?.dsn === options.dsn && started.environment === options.environment) return;
  sentry.initWithoutDefaultIntegrations({
    dsn: options.dsn,
    environment: options.environment,
    // SDK 11's successor of sendDefaultPii: false, for everything an integration could add.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['user-agent'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      stackFrameVariables: false,
      queues: false,
    },
    tracesSampleRate: 0,
    traceLifecycle: 'static',
    enableRuntimeChannelInjection: false,
    sendClientReports: false,
    maxBreadcrumbs: 0,
    integrations: [
      sentry.linkedErrorsIntegration(),
      sentry.dedupeIntegration(),
      sentry.nodeContextIntegration(),
      sentry.contextLinesIntegration(),
    ],
    beforeSend: scrubEvent,
  });
  started = options;
}

export function createSentryReporter(
  sentry: Sentry,
  options: { dsn: string; environment: string; origin: string },
): ErrorReporter {
  initSentry(sentry, options);
  return {
    capture(error, request) {
      sentry.withScope((scope) => {
        if (request) {
          scope.setTransactionName(`${request.method} ${request.route ?? request.path}`);
          if (request.userId) scope.setUser({ id: request.userId });
          scope.addEventProcessor((event) => ({
            ...event,
            request: {
              method: request.method,
              url: `${options.origin}${request.path}`,
              ...(request.userAgent && { headers: { 'user-agent': request.userAgent } }),
            },
          }));
        }
        sentry.captureException(error);
      });
    },
    async flush(timeoutMs) {
      await sentry.flush(timeoutMs);
    },
  };
}
