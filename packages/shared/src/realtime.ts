import { z } from 'zod';
import { ZErrorCode } from './errors';

/** Largest WebSocket frame the server accepts, in bytes. */
export const WS_MAX_PAYLOAD = 64 * 1024;

/** Frames the browser sends on /ws. Features add their own types to the union. */
export const ZClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), id: z.string().max(64).optional() }),
]);
export type ClientMessage = z.infer<typeof ZClientMessage>;

export const ZServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong'), id: z.string().optional() }),
  z.object({ type: z.literal('error'), detail: ZErrorCode }),
]);
export type ServerMessage = z.infer<typeof ZServerMessage>;
