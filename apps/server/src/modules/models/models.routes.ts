import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZModelList } from '@themis/shared';
import type { LlmGateway } from '../../platform/llm/llm';
import { requireActor } from '../auth';
import { listAvailableModels } from './models.service';

export function modelRoutes(llm: LlmGateway) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/model/list',
      {
        schema: {
          tags: ['models'],
          summary: 'Models available for chats',
          response: { 200: ZModelList, 401: ZErrorResponse },
        },
      },
      async (request) => listAvailableModels({ llm, actor: requireActor(request) }),
    );
  };
}
