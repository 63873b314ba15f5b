import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { API_PREFIX } from './runtime-config';

/**
 * Paths pino censors wherever they appear. Request bodies are never logged, but
 * headers and query strings can carry secrets.
 */
export const REDACTED_PATHS = [
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
export const SECRET_PATHS = [
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

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
