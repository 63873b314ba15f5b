import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { AuthContext } from './auth.context';
import { ACCESS_COOKIE } from './auth.cookies';
import { authenticateAccess, type Actor } from './session.service';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless the request carries a live session. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** Who is acting: every service call of a signed-in route starts from this. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthorized', 401);
  return request.actor;
}

export function registerAuthGuard(app: FastifyInstance, ctx: AuthContext): void {
  app.decorateRequest('actor', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const actor = await authenticateAccess({
      db: ctx.db,
      keys: ctx.keys,
      now: ctx.now(),
      access: request.cookies[ACCESS_COOKIE],
    });
    if (!actor) throw new AppError('unauthorized', 401);
    request.actor = actor;
  });
}
