import type { FastifyInstance } from 'fastify';
import { UNMATCHED_ROUTE, type AppMetrics } from '../platform/metrics/metrics';

/**
 * Counts and times every response by its route pattern (`/api/conversation/get/:pk`, never
 * the ids of the URL, so the series stay few). `skipRoutes` are not counted: the metrics
 * route itself, whose scrapes would only measure the scraper.
 */
export function registerRequestMetrics(
  app: FastifyInstance,
  options: { metrics: AppMetrics; skipRoutes: string[] },
): void {
  const skip = new Set(options.skipRoutes);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route !== undefined && skip.has(route)) return;
    options.metrics.observeRequest(
      { method: request.method, route: route ?? UNMATCHED_ROUTE, statusCode: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
}
