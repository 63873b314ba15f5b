import { CODE_RULES, type ConfirmationKind } from '@themis/shared';
import type { Database } from '../../db/client';
import { AppError, RateLimitedError } from '../../errors';
import { hashCode, randomCode, safeEqual } from '../../platform/crypto/secrets';
import type { AppContext } from '../../app-context';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { enforceLimit, LIMITS } from './auth.context';
import {
  consumeUnusedCodes,
  insertCode,
  latestCodeSentAt,
  lockLatestUnusedCode,
  markCodeConsumed,
  setCodeAttempts,
} from './codes.repo';

/**
 * Counts one call that checks or resends a code, per IP, before anything is looked up;
 * past the limit the answer is 429 with Retry-After.
 */
export async function countCodeCall(
  ctx: Pick<AppContext, 'limiter' | 'config'>,
  ip: string,
): Promise<void> {
  await enforceLimit(ctx.limiter, `code:ip:${ip}`, {
    ...LIMITS.codePerIp,
    limit: ctx.config.codeChecksPerIp,
  });
}

/** How long until a new code of this kind may be sent to the user; 0 when it may now. */
export async function codeCooldownLeftMs(options: {
  db: Database;
  now: Date;
  userId: string;
  kind: ConfirmationKind;
}): Promise<number> {
  const { db, now, userId, kind } = options;
  const sentAt = await latestCodeSentAt({ db, userId, kind });
  if (!sentAt) return 0;
  return Math.max(sentAt.getTime() + CODE_RULES.resendCooldownMs - now.getTime(), 0);
}

/** What a code's HMAC binds it to: its user, its kind and, where given, its scope. */
const codeContext = (userId: string, kind: ConfirmationKind, scope: string | undefined) =>
  scope === undefined ? `${userId}:${kind}` : `${userId}:${kind}:${scope}`;

/**
 * Stores a new code in place of any unused one of its kind; `db` is the caller's
 * transaction, or the code is written without one. Returns the code to e-mail.
 */
export async function storeCode(options: {
  db: Database;
  codeKey: Buffer;
  now: Date;
  userId: string;
  kind: ConfirmationKind;
  /** What the code confirms, beyond its kind (an organization, a new owner): only that. */
  scope?: string;
}): Promise<string> {
  const { db, codeKey, now, userId, kind } = options;
  const code = randomCode();
  await consumeUnusedCodes({ db, userId, kind, now });
  await insertCode({
    db,
    userId,
    kind,
    codeHash: hashCode(codeKey, codeContext(userId, kind, options.scope), code),
    expiresAt: new Date(now.getTime() + CODE_RULES.ttlMs),
    now,
  });
  return code;
}

/**
 * E-mailed 6-digit codes: stored as an HMAC, valid 15 minutes, 5 attempts, single use,
 * bound to one user and one confirmation kind. A new code replaces the previous one.
 */
export async function issueCode(options: {
  db: Database;
  codeKey: Buffer;
  now: Date;
  userId: string;
  kind: ConfirmationKind;
  scope?: string;
  /** Resends wait for the cooldown; the first code of a flow does not. */
  enforceCooldown: boolean;
}): Promise<string> {
  const { db, now, userId, kind } = options;
  if (options.enforceCooldown) {
    const waitMs = await codeCooldownLeftMs({ db, now, userId, kind });
    if (waitMs > 0) throw new RateLimitedError(Math.ceil(waitMs / 1000));
  }
  return db.transaction((tx) => storeCode({ ...options, db: tx }));
}

/**
 * Checks a code; on success it is used up. A wrong code costs an attempt; an expired or
 * exhausted code answers code_expired so the user knows to ask for a new one. Checks are
 * also counted per account, across codes (a new one comes every minute): past the limit
 * the answer is 429, until the window ends or a check succeeds.
 */
export async function consumeCode(options: {
  db: Database;
  codeKey: Buffer;
  limiter: RateLimiter;
  now: Date;
  userId: string;
  kind: ConfirmationKind;
  /** The scope it was issued for: a code of another scope is a wrong code. */
  scope?: string;
  code: string;
}): Promise<void> {
  const { db, codeKey, limiter, now, userId, kind } = options;
  const accountKey = `code:account:${userId}`;
  await enforceLimit(limiter, accountKey, LIMITS.codePerAccount);
  await db
    .transaction(async (tx) => {
      const current = await lockLatestUnusedCode({ db: tx, userId, kind });
      if (!current || current.expiresAt <= now || current.attempts >= CODE_RULES.maxAttempts) {
        throw new AppError('code_expired', 400, `no usable ${kind} code`);
      }
      const expected = hashCode(codeKey, codeContext(userId, kind, options.scope), options.code);
      if (!safeEqual(current.codeHash, expected)) {
        await setCodeAttempts({ db: tx, codeId: current.id, attempts: current.attempts + 1 });
        return 'wrong';
      }
      await markCodeConsumed({ db: tx, codeId: current.id, now });
      return 'ok';
    })
    .then((outcome) => {
      // Thrown after the transaction so the spent attempt is committed.
      if (outcome === 'wrong') throw new AppError('code_invalid', 400, `wrong ${kind} code`);
    });
  await limiter.reset(accountKey);
}
