import { CODE_RULES } from '@themis/shared';
import { RateLimitedError } from '../../errors';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit/rate-limiter';

/** Who is asking, as far as rate limits and the devices list are concerned. */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

export const LIMITS = {
  loginPerIp: { limit: 30, windowMs: 15 * 60_000 },
  loginPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  // Every check counts, right or wrong; the limit is CODE_CHECKS_PER_IP (an office behind
  // one address activates many accounts).
  codePerIp: { windowMs: 15 * 60_000 },
  // Fresh codes come every minute, 5 attempts each: this caps guesses across them.
  codePerAccount: { limit: 10, windowMs: 15 * 60_000 },
  resetPerIp: { limit: 10, windowMs: 60 * 60_000 },
  resetPerAccount: { limit: 3, windowMs: 60 * 60_000 },
  // An office behind one address may sign up many people in an hour (REGISTER_LIMIT_PER_HOUR).
  registerPerIp: { limit: 60, windowMs: 60 * 60_000 },
  providerStartPerIp: { limit: 30, windowMs: 15 * 60_000 },
  // Any address, with an account or without: a cooldown kept only for waiting accounts
  // would tell which addresses have one.
  activationResendPerAddress: { limit: 1, windowMs: CODE_RULES.resendCooldownMs },
} as const;

/** Counts one attempt under `key`; past the rule, the answer is 429 with Retry-After. */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  rule: RateLimitRule,
): Promise<void> {
  const result = await limiter.hit(key, rule);
  if (!result.allowed) throw new RateLimitedError(result.retryAfterS);
}
