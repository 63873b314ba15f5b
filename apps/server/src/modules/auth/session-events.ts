import { z } from 'zod';
import type { UnlockedKeys } from '../../platform/crypto/unlocked-keys';
import type { Broadcast } from '../../platform/realtime/broadcast';

const CHANNEL = 'themis:sessions:ended';
const CONTEXT_CHANNEL = 'themis:users:context-changed';
const ZEnded = z.object({ session_ids: z.array(z.string()) });
const ZContextChanged = z.object({
  user_ids: z.array(z.string()),
  kind: z.enum(['changed', 'updated']),
});

/**
 * 'changed': the user acts in another context (switched, joined, removed, deleted);
 * 'updated': the same context with other rules (their role, its allowed models).
 */
type ContextChange = z.infer<typeof ZContextChanged>['kind'];

/**
 * Sessions that ended (signed out, revoked, account gone), and users whose context changed
 * or was updated, told to every instance.
 */
export interface SessionEvents {
  ended(sessionIds: string[]): Promise<void>;
  onEnded(handler: (sessionIds: string[]) => void): void;
  contextChanged(userIds: string[], kind?: ContextChange): Promise<void>;
  onContextChanged(handler: (userIds: string[], kind: ContextChange) => void): void;
}

export function createSessionEvents(options: {
  broadcast: Broadcast;
  /** Shared by every instance when there are several, so dropped once, here. */
  unlockedKeys: UnlockedKeys;
  log: { warn(details: object, message: string): void };
}): SessionEvents {
  const { broadcast, unlockedKeys, log } = options;
  return {
    async ended(sessionIds) {
      if (sessionIds.length === 0) return;
      // Awaited, so no background job finds an ended session's key after the call returns.
      await unlockedKeys
        .dropSessions(sessionIds)
        .catch((err: unknown) => log.warn({ err }, 'unlocked keys of ended sessions not dropped'));
      // Not fatal: the sockets' periodic session check closes them a little later.
      await broadcast
        .publish(CHANNEL, { session_ids: sessionIds })
        .catch((err: unknown) => log.warn({ err }, 'ended sessions not announced'));
    },
    onEnded(handler) {
      broadcast.subscribe(CHANNEL, (payload) => {
        const parsed = ZEnded.safeParse(payload);
        if (parsed.success) handler(parsed.data.session_ids);
      });
    },
    async contextChanged(userIds, kind = 'changed') {
      if (userIds.length === 0) return;
      // Not fatal: the socket's next reconnect acts in the new context.
      await broadcast
        .publish(CONTEXT_CHANNEL, { user_ids: userIds, kind })
        .catch((err: unknown) => log.warn({ err }, 'context change not announced'));
    },
    onContextChanged(handler) {
      broadcast.subscribe(CONTEXT_CHANNEL, (payload) => {
        const parsed = ZContextChanged.safeParse(payload);
        if (parsed.success) handler(parsed.data.user_ids, parsed.data.kind);
      });
    },
  };
}
