import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZHealthResponse, ZReadyResponse } from '@themis/shared';
import { AppError } from '../../errors';

export function healthRoutes(ping: () => Promise<void>) {
  return async (app: FastifyInstance) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'The process is alive',
          response: { 200: ZHealthResponse },
        },
      },
      async () => ({ status: 'ok' as const }),
    );
    typed.get(
      '/ready',
      {
        schema: {
          tags: ['health'],
          summary: 'The database answers',
          response: { 200: ZReadyResponse, 503: ZErrorResponse },
        },
      },
      async (request) => {
        try {
          await ping();
        } catch (error) {
          request.log.error({ err: error }, 'database not reachable');
          throw new AppError('service_unavailable', 503, 'database not reachable');
        }
        return { status: 'ready' as const, database: 'ok' as const };
      },
    );
  };
}
