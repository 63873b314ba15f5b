import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { API_PREFIX } from '../../runtime-config';
import { ACCESS_COOKIE } from './auth.cookies';
import { isPublicRoute } from './public-routes';
import { authenticateAccess } from './session.service';
import { describeUserAgent } from './user-agent';

declare module 'fastify' {
  interface FastifyRequest {
    actor: UserActor | null;
  }
  interface FastifyInstance {
    /** Sets request.actor from the access cookie, or answers 401. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** Every route under /api, as "METHOD /path" (the route inventory test walks them). */
    apiRoutes: string[];
  }
}

/** Who is acting: every service call of a signed-in route starts from this. */
export function requireActor(request: FastifyRequest): UserActor {
  if (!request.actor) throw new AppError('unauthorized', 401);
  return request.actor;
}

/** Where a request came from, as an audit entry records it: the address, and the browser and system. */
export function requestOrigin(request: FastifyRequest): { ip: string; device: string | null } {
  const userAgent = request.headers['user-agent'];
  if (!userAgent) return { ip: request.ip, device: null };
  const { browser, os } = describeUserAgent(userAgent);
  return { ip: request.ip, device: `${browser} on ${os}` };
}

/**
 * Authentication by default: every route under /api needs a live session unless it is on
 * the public allow-list. Registered before the routes, so it sees each of them.
 */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('actor', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const authenticated = await authenticateAccess({
      db: ctx.db,
      keys: ctx.keys,
      now: ctx.now(),
      access: request.cookies[ACCESS_COOKIE],
    });
    if (!authenticated) throw new AppError('unauthorized', 401);
    request.actor = authenticated.actor;
  });
  const apiRoutes: string[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_PREFIX}/`)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') apiRoutes.push(`${method} ${route.url}`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // No route: the not-found handler answers.
    if (!url?.startsWith(`${API_PREFIX}/`)) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (isPublicRoute(`${method} ${url}`)) return;
    await app.authenticate(request);
  });
}
