import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { findNul } from '../input-text';

/**
 * No text we store may hold a NUL character (PostgreSQL refuses it, and nobody types one):
 * refused as invalid input before any handler or schema sees it, in the body or the query;
 * in the path it names nothing.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // A path segment with a NUL names nothing: 404, as any other unknown id.
    if (findNul(request.params)) throw new AppError('not_found', 404, 'NUL character in path');
    refuseNul(request.query);
    refuseNul(request.body);
  });
}

/** 400 on the first field holding a NUL character (also for form fields read later). */
export function refuseNul(input: unknown): void {
  const field = findNul(input);
  if (field) {
    throw new AppError('validation_error', 400, 'NUL character in input', { [field]: ['invalid'] });
  }
}
