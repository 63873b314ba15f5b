import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZFeedbackRequest, ZFeedbackResponse } from '@themis/shared';
import type { Database } from '../../db/client';
import { requireActor } from '../auth';
import { createFeedback } from './feedback.service';

export function feedbackRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/feedback/create',
      {
        schema: {
          tags: ['feedback'],
          summary: 'Send feedback (error, info or opinion)',
          body: ZFeedbackRequest,
          response: { 201: ZFeedbackResponse, 400: ZErrorResponse, 401: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const result = await createFeedback({
          db,
          actor: requireActor(request),
          data: request.body,
        });
        return reply.status(201).send(result);
      },
    );
  };
}
