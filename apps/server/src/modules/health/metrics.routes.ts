import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@themis/shared';
import { notFound } from '../../errors';
import type { AppMetrics } from '../../platform/metrics/metrics';
import { mayReadMetrics } from './metrics-access';

/** The route's path within /api. */
export const METRICS_PATH = '/metrics';

/**
 * Prometheus metrics of this instance. Anyone else gets the 404 of a route that does not
 * exist, so the endpoint is not revealed.
 */
export function metricsRoutes(options: { metrics: AppMetrics; token: string | undefined }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      METRICS_PATH,
      {
        schema: {
          tags: ['health'],
          summary: 'Prometheus metrics: from loopback, or with the METRICS_TOKEN bearer token',
          response: {
            200: {
              description: 'The Prometheus text format',
              content: { 'text/plain': { schema: z.string() } },
            },
            404: ZErrorResponse,
          },
        },
      },
      async (request, reply) => {
        if (!mayReadMetrics(request, options.token)) throw notFound('metrics');
        const text = await options.metrics.scrape();
        return reply.type(options.metrics.contentType).send(text);
      },
    );
  };
}
