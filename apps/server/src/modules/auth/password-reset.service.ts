import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { RESET_LINK_TTL_MS, type Language, type PasswordResetConfirmRequest } from '@themis/shared';
import { passwordResetTokens, users } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword, hashToken, randomToken } from '../../platform/crypto/secrets';
import { enforceLimit, LIMITS, type RequestOrigin } from './auth.context';
import type { AppContext } from '../../app-context';
import { queuePasswordChangedNotice } from './account-notices';
import { revokeUserSessions } from './session.service';

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
    const [stored] = await tx
      .insert(passwordResetTokens)
      .select((qb) =>
        qb
          // Every column in the table's order, as an insert from a select needs them.
          .select({
            id: sql<string>`gen_random_uuid()`.as('id'),
            userId: users.id,
            tokenHash: sql<string>`${hashToken(token)}`.as('token_hash'),
            expiresAt: sql<Date>`${expiresAt.toISOString()}::timestamptz`.as('expires_at'),
            usedAt: sql<Date | null>`null::timestamptz`.as('used_at'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(users)
          .where(eq(users.email, email)),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!stored) return;
    const link = new URL(`/reset-password/${token}`, ctx.config.publicUrl).toString();
    const template = { kind: 'password_reset', link } as const;
    await ctx.queueMail({ to: email, language: options.language, template }, tx);
  });
}

async function findUsableToken(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, ctx.now()),
      ),
    );
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
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, token.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (used.length === 0) throw new AppError('reset_link_invalid', 400, 'link used concurrently');
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, token.userId), isNull(passwordResetTokens.usedAt)));
    const [user] = await tx
      .select({ activatedAt: users.activatedAt, email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, token.userId));
    await tx
      .update(users)
      .set({ passwordHash, activatedAt: user?.activatedAt ?? now, updatedAt: now })
      .where(eq(users.id, token.userId));
    if (user) await queuePasswordChangedNotice(ctx, user, tx);
    return revokeUserSessions({ ctx, db: tx, userId: token.userId, reason: 'password_reset' });
  });
  await revoked.announce();
}
