import { describe, expect, it } from 'vitest';
import { newDataKey } from './conversation-crypto';
import { createMemoryUnlockedKeys } from './unlocked-keys';

describe('data keys unlocked in sessions, in memory', () => {
  it('gives a session its user’s key until the session ends, and no one else', async () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const keys = createMemoryUnlockedKeys({ unlockKey: newDataKey(), now: () => now });
    const dataKey = newDataKey();
    await keys.put({ sessionId: 's1', userId: 'u1', dataKey, ttlMs: 60_000 });
    expect(await keys.get('s1', 'u1')).toEqual(dataKey);
    expect(await keys.get('s1', 'u2')).toBe(undefined);
    expect(await keys.get('s2', 'u1')).toBe(undefined);
    now = new Date(now.getTime() + 60_000);
    expect(await keys.get('s1', 'u1')).toBe(undefined);
  });

  it('drops ended sessions, and every session of a user', async () => {
    const keys = createMemoryUnlockedKeys({ unlockKey: newDataKey(), now: () => new Date() });
    const put = (sessionId: string, userId: string) =>
      keys.put({ sessionId, userId, dataKey: newDataKey(), ttlMs: 60_000 });
    await Promise.all([put('a1', 'a'), put('a2', 'a'), put('b1', 'b')]);
    await keys.dropSessions(['a1']);
    expect(await keys.get('a1', 'a')).toBe(undefined);
    expect(await keys.get('a2', 'a')).toBeDefined();
    await keys.dropUser('a');
    expect(await keys.get('a2', 'a')).toBe(undefined);
    expect(await keys.get('b1', 'b')).toBeDefined();
  });
});
