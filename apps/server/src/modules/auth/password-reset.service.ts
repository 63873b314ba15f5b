import { and, eq, gt, isNull } from 'drizzle-orm';
import { RESET_LINK_TTL_MS, type Language, type PasswordResetConfirmRequest } from '@themis/shared';
import { passwordResetTokens, users } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword, hashToken, randomToken } from '../../platform/crypto/secrets';
import { enforceLimit, LIMITS, type AuthContext, type RequestOrigin } from './auth.context';
import { revokeUserSessions } from './session.service';

/**
 * E-mails a single-use link valid one hour. The answer is the same whether the address
 * has an account or not; past the per-address limit nothing more is sent, silently.
 */
export async function requestPasswordReset(options: {
  ctx: AuthContext;
  origin: RequestOrigin;
  email: string;
  language: Language;
}): Promise<void> {
  const { ctx, origin, email } = options;
  await enforceLimit(ctx.limiter, `reset:ip:${origin.ip}`, LIMITS.resetPerIp);
  const perAccount = await ctx.limiter.hit(`reset:account:${email}`, LIMITS.resetPerAccount);
  if (!perAccount.allowed) return;
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  const token = randomToken();
  await ctx.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(ctx.now().getTime() + RESET_LINK_TTL_MS),
  });
  const link = new URL(`/reset-password/${token}`, ctx.config.publicUrl).toString();
  await ctx.queueMail({
    to: user.email,
    language: options.language,
    template: { kind: 'password_reset', link },
  });
}

async function findUsableToken(ctx: AuthContext, token: string) {
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
  ctx: AuthContext;
  token: string;
}): Promise<void> {
  await findUsableToken(options.ctx, options.token);
}

/**
 * Sets the new password, uses up every reset link of the user and signs out every
 * session. The link proves the address, so an account never activated becomes active.
 */
export async function confirmPasswordReset(options: {
  ctx: AuthContext;
  data: PasswordResetConfirmRequest;
}): Promise<void> {
  const { ctx, data } = options;
  const token = await findUsableToken(ctx, data.token);
  const passwordHash = await hashPassword(data.password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
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
      .select({ activatedAt: users.activatedAt })
      .from(users)
      .where(eq(users.id, token.userId));
    await tx
      .update(users)
      .set({ passwordHash, activatedAt: user?.activatedAt ?? now, updatedAt: now })
      .where(eq(users.id, token.userId));
    await revokeUserSessions({
      db: tx as unknown as typeof ctx.db,
      now,
      userId: token.userId,
      reason: 'password_reset',
    });
  });
}
