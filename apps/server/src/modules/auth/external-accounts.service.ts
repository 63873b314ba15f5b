import { and, eq, isNull } from 'drizzle-orm';
import type { PROVIDER_NAMES } from '@themis/shared';
import { externalAccounts, sessions } from '../../db/schema';
import { AppError } from '../../errors';
import type { AuthContext } from './auth.context';
import type { Actor } from './session.service';

export type ProviderName = (typeof PROVIDER_NAMES)[number];

/**
 * Disconnects a provider: allowed only from a session opened through it. Its links are
 * deleted and every session it opened is revoked, the current one included. The password
 * ('system') is not a connected service that can be disconnected.
 */
export async function revokeProvider(options: {
  ctx: AuthContext;
  actor: Actor;
  provider: ProviderName;
}): Promise<void> {
  const { ctx, actor, provider } = options;
  const [current] = await ctx.db
    .select({ provider: sessions.provider })
    .from(sessions)
    .where(and(eq(sessions.id, actor.sessionId), eq(sessions.userId, actor.userId)));
  if (provider === 'system' || current?.provider !== provider) {
    throw new AppError('not_in_provider_scope', 400, `current session is not from ${provider}`);
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(externalAccounts)
      .where(
        and(eq(externalAccounts.userId, actor.userId), eq(externalAccounts.provider, provider)),
      );
    await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'provider_revoked' })
      .where(
        and(
          eq(sessions.userId, actor.userId),
          eq(sessions.provider, provider),
          isNull(sessions.revokedAt),
        ),
      );
  });
}
