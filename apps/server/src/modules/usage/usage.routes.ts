import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZUsageResponse } from '@themis/shared';
import type { Database } from '../../db/client';
import { requireActor } from '../auth';
import { getCurrentUsage } from './usage.service';

export function usageRoutes(deps: { db: Database; now: () => Date }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/usage/current',
      {
        schema: {
          tags: ['usage'],
          summary: "This month's tokens against the plan's monthly limit",
          response: { 200: ZUsageResponse, 401: ZErrorResponse },
        },
      },
      async (request) =>
        getCurrentUsage({ db: deps.db, actor: requireActor(request), now: deps.now() }),
    );
  };
}
