import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZMaintenanceStatusResponse } from '@themis/shared';
import type { MaintenanceMonitor } from './maintenance.monitor';

export function maintenanceRoutes(monitor: MaintenanceMonitor) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/maintenance/status',
      {
        schema: {
          tags: ['maintenance'],
          summary: 'Whether maintenance is on, or the next scheduled window',
          response: { 200: ZMaintenanceStatusResponse },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return monitor.status();
      },
    );
  };
}
