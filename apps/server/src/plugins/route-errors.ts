import type { FastifyInstance } from 'fastify';
import { ZErrorResponse } from '@themis/shared';

/**
 * Answers every route may give before its handler runs, written into its documented
 * responses so the OpenAPI document tells the truth: input that fails its schema is 400
 * `validation_error`, and a path segment that names nothing (too long, a NUL, not UTF-8) is
 * 404 `not_found`. Registered before the routes.
 */
export function documentRouteErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema || schema.hide) return;
    const response = (schema.response ?? {}) as Record<string, unknown>;
    const add = (status: number) => {
      response[status] ??= ZErrorResponse;
    };
    if (schema.params) {
      add(400);
      add(404);
    }
    if (schema.querystring || schema.body) add(400);
    schema.response = response;
  });
}
