import { RESET_LINK_TTL_MS, type Language, type PasswordResetConfirmRequest } from '@themis/shared';
import { AppError } from '../../errors';
import { hashPassword, hashToken, randomToken } from '../../platform/crypto/secrets';
import { enforceLimit, LIMITS, type RequestOrigin } from './auth.context';
import type { AppContext } from '../../app-context';
import { queuePasswordChangedNotice } from './account-notices';
import { revokeUserSessions } from './session.service';
import {
  findUsableResetToken,
  insertResetTokenForEmail,
  useResetToken,
  useUserResetTokens,
} from './password-resets.repo';
import { findUser, updateUser } from '../../repos/users.repo';

/**
 * E-mails a single-use link valid one hour. The answer is the same whether the address
 * has an account or not; past the per-address limit nothing more is sent, silently. An
 * unknown address costs the same statement as a known one: finding the account and storing
 * the link are one insert, which stores nothing when no account has the address.
 */
export async function requestPasswordReset(options: {
  ctx: AppContext;
  origin: RequestOrigin;
  email: string;
  language: Language;
}): Promise<void> {
  const { ctx, origin, email } = options;
  await enforceLimit(ctx.limiter, `reset:ip:${origin.ip}`, LIMITS.resetPerIp);
  const perAccount = await ctx.limiter.hit(`reset:account:${email}`, LIMITS.resetPerAccount);
  if (!perAccount.allowed) return;
  const token = randomToken();
  const expiresAt = new Date(ctx.now().getTime() + RESET_LINK_TTL_MS);
  await ctx.db.transaction(async (tx) => {
    const stored = await insertResetTokenForEmail({
      db: tx,
      email,
      tokenHash: hashToken(token),
      expiresAt,
    });
    if (!stored) return;
    const link = new URL(`/reset-password/${token}`, ctx.config.publicUrl).toString();
    const template = { kind: 'password_reset', link } as const;
    await ctx.queueMail({ to: email, language: options.language, template }, tx);
  });
}

async function findUsableToken(ctx: AppContext, token: string) {
  const row = await findUsableResetToken({
    db: ctx.db,
    tokenHash: hashToken(token),
    now: ctx.now(),
  });
  if (!row) throw new AppError('reset_link_invalid', 400);
  return row;
}

export async function verifyPasswordResetToken(options: {
  ctx: AppContext;
  token: string;
}): Promise<void> {
  await findUsableToken(options.ctx, options.token);
}

/**
 * Sets the new password, uses up every reset link of the user, signs out every session
 * and tells the owner by e-mail. The link proves the address, so an account never
 * activated becomes active.
 */
export async function confirmPasswordReset(options: {
  ctx: AppContext;
  data: PasswordResetConfirmRequest;
}): Promise<void> {
  const { ctx, data } = options;
  const token = await findUsableToken(ctx, data.token);
  const passwordHash = await hashPassword(data.password);
  const now = ctx.now();
  const revoked = await ctx.db.transaction(async (tx) => {
    if (!(await useResetToken({ db: tx, tokenId: token.id, now }))) {
      throw new AppError('reset_link_invalid', 400, 'link used concurrently');
    }
    await useUserResetTokens({ db: tx, userId: token.userId, now });
    const user = await findUser({ db: tx, userId: token.userId });
    await updateUser({
      db: tx,
      userId: token.userId,
      set: { passwordHash, activatedAt: user?.activatedAt ?? now, updatedAt: now },
    });
    if (user) await queuePasswordChangedNotice(ctx, user, tx);
    return revokeUserSessions({ ctx, db: tx, userId: token.userId, reason: 'password_reset' });
  });
  await revoked.announce();
}
