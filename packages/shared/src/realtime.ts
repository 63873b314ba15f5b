import { z } from 'zod';
import { ZChatClientMessage, ZChatServerMessage } from './chat';
import { ZErrorCode } from './errors';

/** Largest WebSocket frame the server accepts, in bytes. */
export const WS_MAX_PAYLOAD = 64 * 1024;

/** Frames the browser sends on /ws. Features add their own types to the union. */
export const ZClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), id: z.string().max(64).optional() }),
  ...ZChatClientMessage.options,
]);
export type ClientMessage = z.infer<typeof ZClientMessage>;

export const ZServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong'), id: z.string().optional() }),
  /** A refused frame; `request_id` and `conversation_pk` say which, when known. */
  z.object({
    type: z.literal('error'),
    detail: ZErrorCode,
    request_id: z.string().optional(),
    conversation_pk: z.string().optional(),
  }),
  ...ZChatServerMessage.options,
]);
export type ServerMessage = z.infer<typeof ZServerMessage>;
