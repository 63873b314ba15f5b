import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROVIDER_NAMES, ZErrorResponse, ZOkResponse } from '@themis/shared';
import type { AppContext } from '../../app-context';
import { clearSessionCookies } from './auth.cookies';
import { requireActor } from './auth.guard';
import { revokeProvider } from './external-accounts.service';

export function externalAccountRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/auth/revoke/:provider',
      {
        schema: {
          tags: ['auth'],
          summary: 'Disconnect the provider of the current session; its sessions end',
          params: z.object({ provider: z.enum(PROVIDER_NAMES) }),
          response: { 200: ZOkResponse, 400: ZErrorResponse, 401: ZErrorResponse },
        },
      },
      async (request, reply) => {
        await revokeProvider({
          ctx,
          actor: requireActor(request),
          provider: request.params.provider,
        });
        clearSessionCookies(reply, ctx.config);
        return { status: 'ok' as const };
      },
    );
  };
}
