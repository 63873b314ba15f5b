import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from '../src/platform/rate-limit/redis-rate-limiter';
import { Client, PASSWORD, signedUpClient, uniqueEmail } from './accounts';
import { createTestApp, type TestApp } from './app';

// Runs against a real Redis when one is named (CI names the machine's own).
const REDIS_URL = process.env.TEST_REDIS_URL;

describe.runIf(REDIS_URL)('rate limits shared through Redis', () => {
  let redis: Redis;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL!);
    // Counters of an earlier run must not count against this one.
    const stale = await redis.keys('themis:rate:*');
    if (stale.length > 0) await redis.del(...stale);
    first = await createTestApp({ env: { REDIS_URL: REDIS_URL! } });
    second = await createTestApp({ env: { REDIS_URL: REDIS_URL! } });
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    redis?.disconnect();
  });

  it('counts, refuses with the seconds to wait, peeks without counting and resets', async () => {
    const errors: unknown[] = [];
    const limiter = createRedisRateLimiter({ redis, onError: (error) => errors.push(error) });
    const other = createRedisRateLimiter({ redis: redis.duplicate(), onError: () => undefined });
    const key = `test:${uniqueEmail()}`;
    const rule = { limit: 2, windowMs: 60_000 };
    expect(await limiter.hit(key, rule)).toEqual({ allowed: true, retryAfterS: 0 });
    expect(await other.hit(key, rule)).toEqual({ allowed: true, retryAfterS: 0 });
    expect(await other.peek(key, rule)).toMatchObject({ allowed: false });
    const refused = await limiter.hit(key, rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterS).toBeGreaterThan(55);
    expect(refused.retryAfterS).toBeLessThanOrEqual(60);
    expect(await redis.pttl(`themis:rate:${key}`)).toBeGreaterThan(0);
    await other.reset(key);
    expect(await limiter.peek(key, rule)).toEqual({ allowed: true, retryAfterS: 0 });
    expect(errors).toEqual([]);
  });

  it('lets attempts through and reports it when Redis cannot answer', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => undefined);
    const errors: unknown[] = [];
    const limiter = createRedisRateLimiter({ redis: down, onError: (error) => errors.push(error) });
    const rule = { limit: 1, windowMs: 1000 };
    expect(await limiter.hit('k', rule)).toEqual({ allowed: true, retryAfterS: 0 });
    expect(await limiter.hit('k', rule)).toEqual({ allowed: true, retryAfterS: 0 });
    expect(await limiter.peek('k', rule)).toEqual({ allowed: true, retryAfterS: 0 });
    expect(errors.length).toBe(3);
    down.disconnect();
  });

  it('wrong passwords at one instance count at another', async () => {
    const { email } = await signedUpClient(first);
    const attacker = new Client(first);
    for (let i = 0; i < 10; i++) {
      const res = await attacker.post('/api/auth/login', { email, password: `Wrong-Pass-${i}` });
      expect(res.statusCode).toBe(400);
    }
    // The second instance has never seen this address, but shares the counters.
    const limited = await new Client(second).post('/api/auth/login', {
      email,
      password: PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
