import type { Redis } from 'ioredis';
import { hkdfSync } from 'node:crypto';
import { aesGcmOpen, aesGcmSeal } from './conversation-crypto';

/**
 * The data keys unlocked in sessions (architecture §6): held until the session ends, in
 * memory or, with several instances, in Redis. A key is kept wrapped under a key of its
 * session's own, derived from a server key, so a copy of the store alone opens nothing.
 */
export interface UnlockedKeys {
  put(options: {
    sessionId: string;
    userId: string;
    dataKey: Buffer;
    ttlMs: number;
  }): Promise<void>;
  get(sessionId: string, userId: string): Promise<Buffer | undefined>;
  /** The user's data key from any session that holds it unlocked (background jobs). */
  anyOfUser(userId: string): Promise<Buffer | undefined>;
  /** Sessions that ended (logout, revocation, account gone). */
  dropSessions(sessionIds: string[]): Promise<void>;
  /** Every session of a user whose credential changed or went. */
  dropUser(userId: string): Promise<void>;
}

function sessionKey(unlockKey: Buffer, sessionId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', unlockKey, Buffer.alloc(0), `unlock|${sessionId}`, 32));
}

const aadOf = (sessionId: string, userId: string) =>
  Buffer.from(`themis/unlocked/v1|${sessionId}|${userId}`);

function wrap(unlockKey: Buffer, sessionId: string, userId: string, dataKey: Buffer): Buffer {
  return aesGcmSeal(sessionKey(unlockKey, sessionId), dataKey, aadOf(sessionId, userId));
}

function unwrap(
  unlockKey: Buffer,
  sessionId: string,
  userId: string,
  wrapped: Buffer,
): Buffer | undefined {
  try {
    return aesGcmOpen(sessionKey(unlockKey, sessionId), wrapped, aadOf(sessionId, userId));
  } catch {
    return undefined;
  }
}

/** One instance's memory; `now` lets tests move the clock past a session's end. */
export function createMemoryUnlockedKeys(options: {
  unlockKey: Buffer;
  now: () => Date;
}): UnlockedKeys {
  const { unlockKey, now } = options;
  const held = new Map<string, { userId: string; wrapped: Buffer; expiresAt: number }>();
  return {
    async put({ sessionId, userId, dataKey, ttlMs }) {
      const at = now().getTime();
      // Unlocks are rare: each sweeps out the sessions that ended by expiring.
      for (const [id, entry] of held) if (entry.expiresAt <= at) held.delete(id);
      const wrapped = wrap(unlockKey, sessionId, userId, dataKey);
      held.set(sessionId, { userId, wrapped, expiresAt: at + ttlMs });
    },
    async get(sessionId, userId) {
      const entry = held.get(sessionId);
      if (!entry || entry.userId !== userId) return undefined;
      if (entry.expiresAt <= now().getTime()) {
        held.delete(sessionId);
        return undefined;
      }
      return unwrap(unlockKey, sessionId, userId, entry.wrapped);
    },
    async anyOfUser(userId) {
      for (const [sessionId, entry] of held) {
        if (entry.userId !== userId) continue;
        const dataKey = await this.get(sessionId, userId);
        if (dataKey) return dataKey;
      }
      return undefined;
    },
    async dropSessions(sessionIds) {
      for (const sessionId of sessionIds) held.delete(sessionId);
    },
    async dropUser(userId) {
      for (const [sessionId, entry] of held) if (entry.userId === userId) held.delete(sessionId);
    },
  };
}

const PREFIX = 'themis:unlocked:';
const USER_PREFIX = 'themis:unlocked-user:';

/**
 * Shared by every instance. Unlike the rate limiter, a Redis failure is not waved through:
 * the call fails, and the user unlocks again once Redis answers.
 */
export function createRedisUnlockedKeys(options: {
  redis: Redis;
  unlockKey: Buffer;
}): UnlockedKeys {
  const { redis, unlockKey } = options;
  return {
    async put({ sessionId, userId, dataKey, ttlMs }) {
      const wrapped = wrap(unlockKey, sessionId, userId, dataKey);
      await redis
        .multi()
        .set(PREFIX + sessionId, `${userId}:${wrapped.toString('base64url')}`, 'PX', ttlMs)
        .sadd(USER_PREFIX + userId, sessionId)
        .pexpire(USER_PREFIX + userId, ttlMs, 'GT')
        .exec();
      // A new set has no expiry for GT to compare with.
      await redis.pexpire(USER_PREFIX + userId, ttlMs, 'NX');
    },
    async get(sessionId, userId) {
      const value = await redis.get(PREFIX + sessionId);
      if (!value) return undefined;
      const [owner, wrapped] = value.split(':');
      if (owner !== userId || !wrapped) return undefined;
      return unwrap(unlockKey, sessionId, userId, Buffer.from(wrapped, 'base64url'));
    },
    async anyOfUser(userId) {
      for (const sessionId of await redis.smembers(USER_PREFIX + userId)) {
        const dataKey = await this.get(sessionId, userId);
        if (dataKey) return dataKey;
      }
      return undefined;
    },
    async dropSessions(sessionIds) {
      if (sessionIds.length > 0) await redis.del(...sessionIds.map((id) => PREFIX + id));
    },
    async dropUser(userId) {
      const sessionIds = await redis.smembers(USER_PREFIX + userId);
      await redis.del(USER_PREFIX + userId, ...sessionIds.map((id) => PREFIX + id));
    },
  };
}
