import type { Redis } from 'ioredis';
import type { RateLimiter, RateLimitResult } from './rate-limiter';

const PREFIX = 'themis:rate:';

// One round trip, atomic: the first attempt of a window starts its expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

const ALLOWED: RateLimitResult = { allowed: true, retryAfterS: 0 };

export interface RedisRateLimiterOptions {
  redis: Redis;
  /** Told when Redis cannot answer; the attempt is then allowed. */
  onError: (error: unknown) => void;
}

/**
 * Fixed-window counters in Redis, shared by every instance. When Redis cannot answer, the
 * attempt is allowed and the failure reported: an outage of the limiter must not lock every
 * user out, and the passwords behind it stay as hard to guess.
 */
export function createRedisRateLimiter({ redis, onError }: RedisRateLimiterOptions): RateLimiter {
  const guarded = async <T>(run: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      onError(error);
      return fallback;
    }
  };
  return {
    hit: (key, rule) =>
      guarded(async () => {
        const [count, ttlMs] = (await redis.eval(HIT_SCRIPT, 1, PREFIX + key, rule.windowMs)) as [
          number,
          number,
        ];
        const allowed = count <= rule.limit;
        return { allowed, retryAfterS: allowed ? 0 : Math.max(1, Math.ceil(ttlMs / 1000)) };
      }, ALLOWED),
    reset: (key) =>
      guarded(async () => {
        await redis.del(PREFIX + key);
      }, undefined),
    peek: (key, rule) =>
      guarded(async () => {
        const [count, ttlMs] = await Promise.all([
          redis.get(PREFIX + key),
          redis.pttl(PREFIX + key),
        ]);
        if (count === null || Number(count) < rule.limit || ttlMs <= 0) return ALLOWED;
        return { allowed: false, retryAfterS: Math.max(1, Math.ceil(ttlMs / 1000)) };
      }, ALLOWED),
  };
}
