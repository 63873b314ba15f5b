import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { API_PREFIX } from './runtime-config';

/**
 * Paths pino censors wherever they appear. Request bodies are never logged, but
 * headers and query strings can carry secrets.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.verification_code',
  '*.encryption_key',
  '*.token',
  '*.refresh',
  '*.access',
  '*.secret',
];

const SECRET_QUERY = /([?&](?:token|code|secret|password|key|state)=)[^&]*/gi;

/**
 * Routes, of the API and of the web app, whose path carries a secret: `{secret}` is the
 * segment hidden, `*` any one segment. A new route with a secret in its path goes here.
 */
const SECRET_PATHS = [
  '/reset-password/{secret}',
  `${API_PREFIX}/auth/password-reset/verify/{secret}`,
  '/chat/share/{secret}',
  `${API_PREFIX}/conversation/share/*/{secret}`,
];

const SEGMENT = '[^/?#]+';
// Any case and repeated slashes, so a variant spelling of a path leaks nothing either.
const SECRET_PATH_RULES = SECRET_PATHS.map((pattern) => {
  const prefix = pattern
    .replace('{secret}', '')
    .split('/')
    .map((part) => (part === '*' ? SEGMENT : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/+');
  // An absolute URL (a CSP report's) is matched after its origin.
  return new RegExp(`^((?:[a-z][a-z\\d+.-]*://[^/?#]*)?${prefix})${SEGMENT}`, 'i');
});

/** The URL with secret query parameters and secret path segments replaced. */
export function redactUrl(url: string): string {
  const path = SECRET_PATH_RULES.reduce((out, rule) => out.replace(rule, '$1[Redacted]'), url);
  return path.replace(SECRET_QUERY, '$1[Redacted]');
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

const stackFrames = (stack = '') =>
  stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');

/**
 * An error as the log keeps it. A failed query's message lists its parameters (a user's
 * e-mail, name or text) and a database error's detail quotes row values: both are left out,
 * keeping the kind of failure, its code and where it happened.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    // A provider's error event arrives as a plain object: its own message and code.
    const fields = (typeof error === 'object' && error !== null ? error : {}) as Record<
      string,
      unknown
    >;
    const inner = (
      typeof fields.error === 'object' && fields.error !== null ? fields.error : fields
    ) as Record<string, unknown>;
    return {
      type: typeof inner.type === 'string' ? inner.type : typeof error,
      message: typeof inner.message === 'string' ? inner.message : 'non-error thrown',
      ...(typeof inner.code === 'string' && { code: inner.code }),
      stack: '',
    };
  }
  const record = error as Error & { code?: unknown; query?: unknown; params?: unknown };
  const isQueryError = 'query' in record || 'params' in record;
  return {
    type: error.name,
    message: isQueryError ? 'database query failed' : error.message,
    ...(typeof record.code === 'string' && { code: record.code }),
    stack: isQueryError ? stackFrames(error.stack) : (error.stack ?? ''),
    ...(error.cause !== undefined &&
      depth < 3 && { cause: serializeError(error.cause, depth + 1) }),
  };
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: {
      err: serializeError,
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
