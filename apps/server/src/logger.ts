import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

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

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[Redacted]');
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
