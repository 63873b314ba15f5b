import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDataKey } from '../src/platform/crypto/conversation-crypto';
import { createRedisUnlockedKeys } from '../src/platform/crypto/unlocked-keys';

// Runs against a real Redis when one is named (CI names the machine's own).
const REDIS_URL = process.env.TEST_REDIS_URL;

describe.runIf(REDIS_URL)('data keys unlocked in sessions, shared through Redis', () => {
  let redis: Redis;
  const unlockKey = newDataKey();
  const run = Date.now().toString(36);
  const id = (name: string) => `${name}-${run}`;

  beforeAll(() => {
    redis = new Redis(REDIS_URL!);
  });
  afterAll(() => redis?.disconnect());

  it('gives every instance the session’s key, wrapped at rest, until it is dropped', async () => {
    const first = createRedisUnlockedKeys({ redis, unlockKey });
    const second = createRedisUnlockedKeys({ redis: redis.duplicate(), unlockKey });
    const dataKey = newDataKey();
    await first.put({ sessionId: id('s1'), userId: id('u'), dataKey, ttlMs: 60_000 });
    await first.put({ sessionId: id('s2'), userId: id('u'), dataKey, ttlMs: 60_000 });
    expect(await second.get(id('s1'), id('u'))).toEqual(dataKey);
    expect(await second.get(id('s1'), id('other'))).toBe(undefined);
    const stored = await redis.getBuffer(`themis:unlocked:${id('s1')}`);
    expect(stored!.includes(dataKey)).toBe(false);
    expect(stored!.includes(Buffer.from(dataKey.toString('base64url')))).toBe(false);
    expect(await redis.pttl(`themis:unlocked:${id('s1')}`)).toBeGreaterThan(50_000);

    await second.dropSessions([id('s1')]);
    expect(await first.get(id('s1'), id('u'))).toBe(undefined);
    expect(await first.get(id('s2'), id('u'))).toEqual(dataKey);
    await second.dropUser(id('u'));
    expect(await first.get(id('s2'), id('u'))).toBe(undefined);
  });

  it('a store under another server key opens nothing', async () => {
    const keys = createRedisUnlockedKeys({ redis, unlockKey });
    await keys.put({ sessionId: id('s3'), userId: id('u'), dataKey: newDataKey(), ttlMs: 60_000 });
    const stranger = createRedisUnlockedKeys({ redis, unlockKey: newDataKey() });
    expect(await stranger.get(id('s3'), id('u'))).toBe(undefined);
    await keys.dropUser(id('u'));
  });
});
