import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import {
  WS_MAX_PAYLOAD,
  ZClientMessage,
  type ClientMessage,
  type ServerMessage,
} from '@themis/shared';
import { WS_PATH } from '../../runtime-config';

const POLICY_VIOLATION = 1008;
/** The browser refreshes its session and reconnects when closed with this code. */
export const UNAUTHORIZED_CLOSE = 4401;

/** What one authenticated connection does with the frames beyond ping. */
export interface RealtimeSession {
  handle(message: Exclude<ClientMessage, { type: 'ping' }>): void;
  close(): void;
}

export interface WebSocketOptions {
  appOrigin: string;
  /** The user of the upgrade request (its session cookie), or undefined. */
  authenticate(request: FastifyRequest): Promise<{ userId: string } | undefined>;
  openSession(options: { userId: string; send(message: ServerMessage): void }): RealtimeSession;
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
 * back and the connection stays open: one bad frame must not cost the user the stream.
 */
export async function registerWebSocket(app: FastifyInstance, options: WebSocketOptions) {
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
  // Authenticated before the upgrade, so no frame arrives while the session is looked up.
  const users = new WeakMap<FastifyRequest, { userId: string }>();
  app.get(
    WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const user = await options.authenticate(request);
        if (user) users.set(request, user);
      },
    },
    (socket, request) => {
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== options.appOrigin) {
        socket.close(POLICY_VIOLATION, 'origin_not_allowed');
        return;
      }
      const user = users.get(request);
      if (!user) {
        socket.close(UNAUTHORIZED_CLOSE, 'unauthorized');
        return;
      }
      const session = options.openSession({
        userId: user.userId,
        send: (message) => send(socket, message),
      });
      socket.on('close', () => session.close());
      socket.on('message', (raw, isBinary) => {
        if (isBinary) return send(socket, { type: 'error', detail: 'unsupported_media_type' });
        let data: unknown;
        try {
          data = JSON.parse(raw.toString());
        } catch {
          return send(socket, { type: 'error', detail: 'invalid_json' });
        }
        const parsed = ZClientMessage.safeParse(data);
        if (!parsed.success) {
          return send(socket, { type: 'error', detail: 'validation_error', ...refersTo(data) });
        }
        const message = parsed.data;
        if (message.type === 'ping') {
          return send(socket, { type: 'pong', ...(message.id && { id: message.id }) });
        }
        session.handle(message);
      });
    },
  );
}
