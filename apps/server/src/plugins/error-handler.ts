import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorResponse } from '@themis/shared';
import { AppError, RateLimitedError } from '../errors';
import { redactUrl } from '../logger';
import type { ErrorReporter, ErrorRequest } from '../platform/error-reporting/error-reporter';

const BY_FASTIFY_CODE: Record<string, [number, ErrorCode]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_json'],
  FST_ERR_CTP_INVALID_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_NOT_FOUND: [404, 'not_found'],
  // A path that is not valid UTF-8 when decoded names nothing either.
  FST_ERR_BAD_URL: [404, 'not_found'],
  // A path segment longer than any id or secret names nothing.
  FST_ERR_MAX_PARAM_LENGTH: [404, 'not_found'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'validation_error'],
};

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_error',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

function toResponse(error: FastifyError): [number, ErrorResponse] {
  if (error instanceof AppError) {
    return [error.status, { detail: error.code, ...(error.errors && { errors: error.errors }) }];
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const field =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
        (error.validationContext ?? '_');
      (errors[field] ??= []).push(issue.message ?? 'invalid');
    }
    return [400, { detail: 'validation_error', errors }];
  }
  const known = error.code ? BY_FASTIFY_CODE[error.code] : undefined;
  if (known) return [known[0], { detail: known[1] }];
  if (error instanceof SyntaxError) return [400, { detail: 'invalid_json' }];
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return [status, { detail: BY_STATUS[status] ?? 'validation_error' }];
  return [500, { detail: 'internal_error' }];
}

/** The request as an error report names it: no query string, no secret path segment. */
function errorRequestOf(request: FastifyRequest): ErrorRequest {
  return {
    method: request.method,
    route: request.routeOptions.url,
    path: redactUrl(request.url.replace(/[?#].*$/s, '')),
    userAgent: request.headers['user-agent'],
    userId: request.actor?.userId,
  };
}

/**
 * Every error leaves as `{"detail": code}`: no stack trace, no framework message. A failure
 * nobody foresaw is reported too: a 5xx other than an AppError's deliberate 503.
 */
export function registerErrorHandling(app: FastifyInstance, reporter: ErrorReporter): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [status, body] = toResponse(error);
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterS));
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.detail, status }, 'request refused');
    if (status >= 500 && !(error instanceof AppError)) {
      reporter.capture(error, errorRequestOf(request));
    }
    return reply.status(status).send(body);
  });
}

/**
 * The router's own refusals (a malformed or overlong path segment) come here rather than to
 * the error handler: they leave in the same shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, body] = toResponse(error);
  request.log.info({ code: body.detail, status }, 'request refused');
  return reply.status(status).send(body);
}
