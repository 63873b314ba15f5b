import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPlanList } from '@themis/shared';
import type { Database } from '../../db/client';
import { listPlans } from './plans.service';

/** The plan catalogue is public: the questionnaire and the pricing page show it. */
export function planRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/plan/list',
      {
        schema: { tags: ['plans'], summary: 'Subscription plans', response: { 200: ZPlanList } },
      },
      async () => listPlans({ db }),
    );
  };
}
