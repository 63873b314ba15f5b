export interface RateLimitRule {
  /** Attempts allowed in the window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the next attempt is allowed, when refused. */
  retryAfterS: number;
}

export interface RateLimiter {
  /** Counts one attempt under `key` and says whether it is within the rule. */
  hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** Forgets the attempts under `key` (after a success). */
  reset(key: string): Promise<void>;
  /** Whether `key` is over its limit now, without counting an attempt. */
  peek(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
}

/**
 * Fixed-window counters in process memory: right for a single instance; several instances
 * share their counters through Redis (REDIS_URL, redis-rate-limiter.ts).
 */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  const sweep = (at: number) => {
    if (at - lastSweep < 60_000) return;
    lastSweep = at;
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  };
  return {
    async hit(key, rule) {
      const at = now();
      sweep(at);
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + rule.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      const allowed = window.count <= rule.limit;
      return { allowed, retryAfterS: allowed ? 0 : Math.ceil((window.resetAt - at) / 1000) };
    },
    async reset(key) {
      windows.delete(key);
    },
    async peek(key, rule) {
      const at = now();
      const window = windows.get(key);
      if (!window || window.resetAt <= at || window.count < rule.limit)
        return { allowed: true, retryAfterS: 0 };
      return { allowed: false, retryAfterS: Math.ceil((window.resetAt - at) / 1000) };
    },
  };
}
