import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSessionBootstrap, type MaintenanceStatusResponse } from '@themis/shared';
import type { AppContext } from '../../app-context';
import type { LlmGateway } from '../../platform/llm/llm';
import { clearSessionCookies } from '../auth';
import { loadSessionBootstrap } from './session-bootstrap.service';

/**
 * Under /auth, where the browser also sends the refresh cookie: a session whose access token
 * has lapsed is told it is renewable, and the client renews it and asks again. Never a 401,
 * which the browser would log on every visitor's page.
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
            'with a live refresh cookie gets `session: null, renewable: true`: the client ' +
            'posts /auth/token/refresh and asks again. A dead refresh cookie is cleared.',
          response: { 200: ZSessionBootstrap },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return loadSessionBootstrap({
          ...deps,
          cookies: request.cookies,
          clearCookies: () => clearSessionCookies(reply, deps.ctx.config),
        });
      },
    );
  };
}
