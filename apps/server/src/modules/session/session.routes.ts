import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZSessionBootstrap, type MaintenanceStatusResponse } from '@themis/shared';
import type { AppContext } from '../../app-context';
import type { LlmGateway } from '../../platform/llm/llm';
import { loadSessionBootstrap } from './session.service';

/**
 * Under /auth, where the browser also sends the refresh cookie: with it, a session whose
 * access token has lapsed answers 401, and the client renews it and asks again.
 */
export function sessionRoutes(deps: {
  ctx: AppContext;
  llm: LlmGateway;
  /** The maintenance monitor's status (what /maintenance/status answers). */
  maintenanceStatus: () => Promise<MaintenanceStatusResponse>;
}) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/auth/session',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Maintenance, and for a signed-in user the user, usage, models and organizations, at once',
          description:
            'A visitor with no session gets `session: null` (200). A lapsed access token ' +
            'with a refresh cookie answers 401, so that the client renews the session.',
          response: { 200: ZSessionBootstrap, 401: ZErrorResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return loadSessionBootstrap({ ...deps, cookies: request.cookies });
      },
    );
  };
}
