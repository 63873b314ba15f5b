import type { ErrorEvent, RequestEventData } from '@sentry/node';

// Loose on purpose: a false match only hides a word of an error message.
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;

/**
 * An error message fit to leave the server: a failed query's (drizzle lists its parameters,
 * a user's e-mail, name or text) says only that, and e-mail addresses are hidden, as in the
 * log (logger.ts).
 */
export function scrubMessage(message: string): string {
  if (message.startsWith('Failed query:')) return 'database query failed';
  return message.replace(EMAIL, '[email]');
}

function userAgentOf(headers: RequestEventData['headers']): string | undefined {
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'user-agent');
  return entry?.[1];
}

/** Method, URL without its query and the user agent; no body, cookies, query or other header. */
function scrubRequest(request: RequestEventData): RequestEventData {
  const userAgent = userAgentOf(request.headers);
  return {
    ...(request.method !== undefined && { method: request.method }),
    ...(request.url !== undefined && { url: request.url.replace(/[?#].*$/s, '') }),
    ...(userAgent !== undefined && { headers: { 'user-agent': userAgent } }),
  };
}

/**
 * Sentry's beforeSend: what leaves is the error, where it happened and an opaque user id.
 * Whatever an integration or a later change adds (request body, cookies, auth headers, query
 * string, e-mail, IP address, breadcrumbs, extras) is dropped here, the one way out.
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  const scrubbed: ErrorEvent = { ...event };
  if (event.request) scrubbed.request = scrubRequest(event.request);
  const userId = event.user?.id;
  if (userId !== undefined && userId !== null) scrubbed.user = { id: String(userId) };
  else delete scrubbed.user;
  delete scrubbed.breadcrumbs;
  delete scrubbed.extra;
  if (event.message !== undefined) scrubbed.message = scrubMessage(event.message);
  if (event.logentry) {
    scrubbed.logentry = {
      ...(event.logentry.message !== undefined && {
        message: scrubMessage(event.logentry.message),
      }),
    };
  }
  if (event.exception?.values) {
    scrubbed.exception = {
      values: event.exception.values.map((exception) => ({
        ...exception,
        ...(exception.value !== undefined && { value: scrubMessage(exception.value) }),
      })),
    };
  }
  return scrubbed;
}
