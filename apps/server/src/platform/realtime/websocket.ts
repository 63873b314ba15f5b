import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import {
  WS_MAX_PAYLOAD,
  ZClientMessage,
  type ClientMessage,
  type ServerMessage,
} from '@themis/shared';
import type { UserActor } from '../../access/actor';
import { findNul } from '../../input-text';
import { WS_PATH } from '../../runtime-config';
import { createSocketRegistry, type SocketRegistry } from './socket-registry';

const POLICY_VIOLATION = 1008;
/** The browser refreshes its session and reconnects when closed with this code. */
const UNAUTHORIZED_CLOSE = 4401;
/** Too many open sockets for one user on this instance; the browser retries later. */
const TOO_MANY_CLOSE = 4429;
/** The user's context changed: reconnect, and reload what the context shows. */
export const CONTEXT_CHANGED_CLOSE = 4409;
/** The same context with other rules (role, allowed models): reconnect and refetch them. */
export const CONTEXT_UPDATED_CLOSE = 4410;
/** The instance is stopping (WebSocket's "service restart"): the browser reconnects elsewhere. */
export const SERVICE_RESTART_CLOSE = 1012;
/** Sockets one user may keep open on one instance (tabs and devices together). */
export const MAX_SOCKETS_PER_USER = 20;

/** What one authenticated connection does with the frames beyond ping. */
interface RealtimeSession {
  handle(message: Exclude<ClientMessage, { type: 'ping' }>): void;
  close(): void;
}

export interface WebSocketOptions {
  appOrigin: string;
  now: () => Date;
  /** The actor of the upgrade request (its access cookie) and when that token expires. */
  authenticate(request: FastifyRequest): Promise<{ actor: UserActor; expiresAt: Date } | undefined>;
  /** Which of these sessions are still live: the periodic check closes the others' sockets. */
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
  openSession(options: { actor: UserActor; send(message: ServerMessage): void }): RealtimeSession;
  /**
   * Marks the session active (throttled by the callee): a chat kept only on the socket shows
   * on the devices list as activity, not just its sign-in.
   */
  recordActivity(actor: UserActor): Promise<unknown>;
  log: { warn(details: object, message: string): void };
  /** How often dead peers are dropped and sessions checked again; tests shorten it. */
  heartbeatMs?: number;
}

function send(socket: WebSocket, message: ServerMessage) {
  // Frames for a tab that has just gone are dropped, not an error.
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** Which request a refused frame was, when it says so: the tab shows the error beside it. */
function refersTo(data: unknown): { request_id?: string; conversation_pk?: string } {
  if (typeof data !== 'object' || data === null) return {};
  const { request_id, conversation_pk } = data as Record<string, unknown>;
  return {
    ...(typeof request_id === 'string' && request_id.length <= 64 && { request_id }),
    ...(typeof conversation_pk === 'string' && conversation_pk.length <= 64 && { conversation_pk }),
  };
}

/**
 * The /ws endpoint. A frame that is not JSON or not a known message gets an error frame
 * back and the connection stays open: one bad frame must not cost the user the stream. A
 * socket lives no longer than its session: it closes (4401) when the session ends on any
 * instance, when the access token expires, and when the periodic check finds it gone.
 */
export async function registerWebSocket(
  app: FastifyInstance,
  options: WebSocketOptions,
): Promise<SocketRegistry> {
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
  const registry = createSocketRegistry({
    closeCode: UNAUTHORIZED_CLOSE,
    now: () => options.now().getTime(),
    heartbeatMs: options.heartbeatMs ?? 30_000,
    liveSessions: options.liveSessions,
    log: options.log,
  });
  app.addHook('onReady', async () => registry.start());
  app.addHook('preClose', async () => registry.stop());

  // Authenticated before the upgrade, so no frame arrives while the session is looked up.
  const authenticated = new WeakMap<FastifyRequest, { actor: UserActor; expiresAt: Date }>();
  app.get(
    WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const result = await options.authenticate(request);
        if (result) authenticated.set(request, result);
      },
    },
    (socket, request) => {
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== options.appOrigin) {
        socket.close(POLICY_VIOLATION, 'origin_not_allowed');
        return;
      }
      const auth = authenticated.get(request);
      if (!auth) {
        socket.close(UNAUTHORIZED_CLOSE, 'unauthorized');
        return;
      }
      const { actor, expiresAt } = auth;
      if (registry.countForUser(actor.userId) >= MAX_SOCKETS_PER_USER) {
        socket.close(TOO_MANY_CLOSE, 'too_many_connections');
        return;
      }
      const session = options.openSession({ actor, send: (message) => send(socket, message) });
      const entry = registry.add({ socket, actor, expiresAt: expiresAt.getTime() });
      // The activity of the frames so far, in order; a pong waits for it, so that a pong
      // means the frames before it were fully taken in.
      let activity: Promise<void> = Promise.resolve();
      socket.on('close', () => {
        registry.remove(entry);
        session.close();
      });
      socket.on('message', (raw, isBinary) => {
        // Checked per frame without the database: the token's expiry and the ended flag.
        if (entry.ended || options.now().getTime() >= expiresAt.getTime()) {
          registry.end(entry, 'session_expired');
          return;
        }
        if (isBinary) return send(socket, { type: 'error', detail: 'unsupported_media_type' });
        let data: unknown;
        try {
          data = JSON.parse(raw.toString());
        } catch {
          return send(socket, { type: 'error', detail: 'invalid_json' });
        }
        // PostgreSQL text cannot hold NUL: refused here like any other invalid frame.
        const parsed = findNul(data) ? undefined : ZClientMessage.safeParse(data);
        if (!parsed?.success) {
          return send(socket, { type: 'error', detail: 'validation_error', ...refersTo(data) });
        }
        const message = parsed.data;
        if (message.type === 'ping') {
          // A ping keeps the line open, it is no activity of the user's.
          const pong = { type: 'pong' as const, ...(message.id && { id: message.id }) };
          void activity.then(() => send(socket, pong));
          return;
        }
        activity = activity
          .then(() => options.recordActivity(actor))
          .then(
            () => undefined,
            (err: unknown) => options.log.warn({ err }, 'session activity not recorded'),
          );
        session.handle(message);
      });
    },
  );
  return registry;
}
