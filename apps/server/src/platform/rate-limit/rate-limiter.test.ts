import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './rate-limiter';

describe('memory rate limiter', () => {
  it('allows the limit, refuses the next with the seconds to wait, and opens a new window', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    const rule = { limit: 2, windowMs: 60_000 };
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
    now = 15_000;
    expect(await limiter.hit('k', rule)).toEqual({ allowed: false, retryAfterS: 45 });
    expect((await limiter.hit('other', rule)).allowed).toBe(true);
    now = 60_000;
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
  });

  it('forgets a key on reset', async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    const rule = { limit: 1, windowMs: 1000 };
    await limiter.hit('k', rule);
    expect((await limiter.hit('k', rule)).allowed).toBe(false);
    await limiter.reset('k');
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
  });

  it('peeks without counting', async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    const rule = { limit: 1, windowMs: 1000 };
    expect(await limiter.peek('k', rule)).toEqual({ allowed: true, retryAfterS: 0 });
    expect(await limiter.peek('k', rule)).toEqual({ allowed: true, retryAfterS: 0 });
    await limiter.hit('k', rule);
    expect(await limiter.peek('k', rule)).toEqual({ allowed: false, retryAfterS: 1 });
  });
});
