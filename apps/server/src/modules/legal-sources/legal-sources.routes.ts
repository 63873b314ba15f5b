import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZErrorResponse,
  ZLegalSourcesCheckRequest,
  ZLegalSourcesCheckResponse,
} from '@themis/shared';
import type { AppContext } from '../../app-context';
import { createLegalRegisters } from '../../platform/legal-sources/legal-registers';
import { requireActor } from '../auth';
import { checkLegalSources } from './legal-sources.service';

export function legalSourceRoutes(ctx: AppContext) {
  const { mode, eliUrl, saosUrl } = ctx.config.legalSources;
  const registers = createLegalRegisters({ eliUrl, saosUrl });
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/legal-sources/check',
      {
        schema: {
          tags: ['legal-sources'],
          summary: 'What the registers say of cited acts and judgments, by their keys',
          description:
            'Only the keys are sent on (the Sejm ELI API for acts, SAOS for judgments); answers ' +
            'are kept by key for everyone. Sources the registers do not answer for in time are ' +
            'not_checked.',
          body: ZLegalSourcesCheckRequest,
          response: {
            200: ZLegalSourcesCheckResponse,
            400: ZErrorResponse,
            401: ZErrorResponse,
            429: ZErrorResponse,
          },
        },
      },
      async (request) => ({
        items: await checkLegalSources({
          db: ctx.db,
          actor: requireActor(request),
          limiter: ctx.limiter,
          registers,
          mode,
          now: ctx.now,
          keys: request.body.sources,
        }),
      }),
    );
  };
}
