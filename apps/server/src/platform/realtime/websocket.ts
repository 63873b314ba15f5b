import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { WS_MAX_PAYLOAD, ZClientMessage, type ServerMessage } from '@themis/shared';
import { WS_PATH } from '../../runtime-config';

const POLICY_VIOLATION = 1008;

function send(socket: WebSocket, message: ServerMessage) {
  socket.send(JSON.stringify(message));
}

/**
 * The /ws endpoint. A frame that is not JSON or not a known message gets an error frame
 * back and the connection stays open: one bad frame must not cost the user the stream.
 */
export async function registerWebSocket(app: FastifyInstance, options: { appOrigin: string }) {
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
  app.get(WS_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== options.appOrigin) {
      socket.close(POLICY_VIOLATION, 'origin_not_allowed');
      return;
    }
    socket.on('message', (raw, isBinary) => {
      if (isBinary) return send(socket, { type: 'error', detail: 'unsupported_media_type' });
      let data: unknown;
      try {
        data = JSON.parse(raw.toString());
      } catch {
        return send(socket, { type: 'error', detail: 'invalid_json' });
      }
      const parsed = ZClientMessage.safeParse(data);
      if (!parsed.success) return send(socket, { type: 'error', detail: 'validation_error' });
      const message = parsed.data;
      switch (message.type) {
        case 'ping':
          return send(socket, { type: 'pong', ...(message.id && { id: message.id }) });
      }
    });
  });
}
