import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppContext } from '../app-context';
import { ACCESS_COOKIE } from '../modules/auth/auth.cookies';
import { recordSessionActivity } from '../modules/auth/session-activity';
import { authenticateAccess, liveSessionIds } from '../modules/auth/session.service';
import { registerChat, type Chat } from '../modules/chat/chat.socket';
import type { ErrorReporter } from '../platform/error-reporting/error-reporter';
import type { AppMetrics } from '../platform/metrics/metrics';
import {
  CONTEXT_CHANGED_CLOSE,
  CONTEXT_UPDATED_CLOSE,
  registerWebSocket,
  SERVICE_RESTART_CLOSE,
} from '../platform/realtime/websocket';
import type { AppDependencies } from './dependencies';

/**
 * The chat over /ws and its sockets, closed when their session ends or their context
 * changes on any instance, and told to reconnect elsewhere when this instance drains.
 */
export async function registerRealtime(
  app: FastifyInstance,
  options: {
    ctx: AppContext;
    redis: Redis | undefined;
    metrics: AppMetrics;
    errorReporter: ErrorReporter;
    deps: Pick<
      AppDependencies,
      'chatIdleTimeoutMs' | 'chatSaveEveryMs' | 'chatStaleAfterMs' | 'socketCheckMs'
    >;
  },
): Promise<Chat> {
  const { ctx, metrics, errorReporter, deps } = options;
  const { now } = ctx;
  const chat = registerChat(app, {
    db: ctx.db,
    llm: app.llm,
    storage: ctx.storage,
    unlockedKeys: ctx.unlockedKeys,
    now,
    redis: options.redis,
    idleTimeoutMs: deps.chatIdleTimeoutMs,
    saveEveryMs: deps.chatSaveEveryMs,
    staleAfterMs: deps.chatStaleAfterMs,
    onTokens: (usage) => metrics.countTokens(usage),
    reportError: (error) => errorReporter.capture(error),
  });
  const sockets = await registerWebSocket(app, {
    appOrigin: ctx.config.publicUrl.origin,
    now,
    log: app.log,
    authenticate: (request) =>
      authenticateAccess({
        db: ctx.db,
        keys: ctx.keys,
        now: now(),
        access: request.cookies[ACCESS_COOKIE],
      }),
    liveSessions: (sessionIds) => liveSessionIds({ db: ctx.db, now: now(), sessionIds }),
    openSession: chat.openSession,
    recordActivity: (actor) => recordSessionActivity({ db: ctx.db, now: now(), actor }),
    heartbeatMs: deps.socketCheckMs,
  });
  app.decorate('drain', async (graceMs: number) => {
    const finishing = chat.drain(graceMs);
    sockets.closeAll(SERVICE_RESTART_CLOSE, 'server_restarting');
    await finishing;
  });
  ctx.sessionEvents.onEnded((sessionIds) => sockets.closeSessions(sessionIds));
  ctx.sessionEvents.onContextChanged((userIds, kind) =>
    sockets.closeUsers(userIds, kind === 'changed' ? CONTEXT_CHANGED_CLOSE : CONTEXT_UPDATED_CLOSE),
  );
  return chat;
}
