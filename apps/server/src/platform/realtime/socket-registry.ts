import type { WebSocket } from '@fastify/websocket';
import type { UserActor } from '../../access/actor';

interface SocketEntry {
  socket: WebSocket;
  actor: UserActor;
  /** Epoch ms when the access token the socket opened with expires. */
  expiresAt: number;
  ended: boolean;
  alive: boolean;
  expiryTimer: NodeJS.Timeout;
}

/** The open sockets of this instance, by session, so that an ended session closes its own. */
export interface SocketRegistry {
  add(options: { socket: WebSocket; actor: UserActor; expiresAt: number }): SocketEntry;
  remove(entry: SocketEntry): void;
  countForUser(userId: string): number;
  /** Closes the sockets of these sessions (signed out, revoked, account deleted). */
  closeSessions(sessionIds: string[]): number;
  /**
   * Closes these users' sockets with `code`: their context changed, and a socket acts in
   * the context it opened in. The client reconnects at once.
   */
  closeUsers(userIds: string[], code: number): number;
  /** Closes every socket with `code`: this instance is stopping, the clients go elsewhere. */
  closeAll(code: number, reason: string): number;
  end(entry: SocketEntry, reason: string): void;
  /** Drops peers that stopped answering pings and closes sockets of sessions gone. */
  check(): Promise<void>;
  start(): void;
  stop(): void;
}

// Timers past this would overflow; a token lives 15 minutes anyway.
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createSocketRegistry(options: {
  closeCode: number;
  now: () => number;
  heartbeatMs: number;
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
  log: { warn(details: object, message: string): void };
}): SocketRegistry {
  const bySession = new Map<string, Set<SocketEntry>>();
  const perUser = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  const end = (entry: SocketEntry, reason: string) => {
    if (entry.ended) return;
    entry.ended = true;
    entry.socket.close(options.closeCode, reason);
  };

  const registry: SocketRegistry = {
    add({ socket, actor, expiresAt }) {
      const entry: SocketEntry = {
        socket,
        actor,
        expiresAt,
        ended: false,
        alive: true,
        expiryTimer: setTimeout(
          () => end(entry, 'session_expired'),
          Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - options.now())),
        ),
      };
      entry.expiryTimer.unref();
      socket.on('pong', () => {
        entry.alive = true;
      });
      const set = bySession.get(actor.sessionId) ?? new Set();
      set.add(entry);
      bySession.set(actor.sessionId, set);
      perUser.set(actor.userId, (perUser.get(actor.userId) ?? 0) + 1);
      return entry;
    },
    remove(entry) {
      clearTimeout(entry.expiryTimer);
      const set = bySession.get(entry.actor.sessionId);
      if (set?.delete(entry) && set.size === 0) bySession.delete(entry.actor.sessionId);
      const count = (perUser.get(entry.actor.userId) ?? 1) - 1;
      if (count > 0) perUser.set(entry.actor.userId, count);
      else perUser.delete(entry.actor.userId);
    },
    countForUser: (userId) => perUser.get(userId) ?? 0,
    closeSessions(sessionIds) {
      let closed = 0;
      for (const sessionId of sessionIds) {
        for (const entry of bySession.get(sessionId) ?? []) {
          end(entry, 'session_ended');
          closed += 1;
        }
      }
      return closed;
    },
    closeAll(code, reason) {
      let closed = 0;
      for (const entries of bySession.values()) {
        for (const entry of entries) {
          if (entry.ended) continue;
          entry.ended = true;
          entry.socket.close(code, reason);
          closed += 1;
        }
      }
      return closed;
    },
    closeUsers(userIds, code) {
      const users = new Set(userIds);
      let closed = 0;
      for (const entries of bySession.values()) {
        for (const entry of entries) {
          if (entry.ended || !users.has(entry.actor.userId)) continue;
          entry.ended = true;
          entry.socket.close(code, 'context_changed');
          closed += 1;
        }
      }
      return closed;
    },
    end,
    async check() {
      for (const entries of bySession.values()) {
        for (const entry of entries) {
          if (!entry.alive) {
            entry.socket.terminate();
            continue;
          }
          entry.alive = false;
          entry.socket.ping();
        }
      }
      const ids = [...bySession.keys()];
      if (ids.length === 0) return;
      const live = await options.liveSessions(ids);
      registry.closeSessions(ids.filter((id) => !live.has(id)));
    },
    start() {
      timer = setInterval(() => {
        registry.check().catch((err: unknown) => options.log.warn({ err }, 'sockets not checked'));
      }, options.heartbeatMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
  return registry;
}
