import { and, eq } from 'drizzle-orm';
import type { PROVIDER_NAMES } from '@themis/shared';
import { externalAccounts, sessions } from '../../db/schema';
import { AppError } from '../../errors';
import type { AppContext } from '../../app-context';
import type { UserActor } from '../../access/actor';
import { revokeUserSessions } from './session.service';

export type ProviderName = (typeof PROVIDER_NAMES)[number];

/**
 * Disconnects a provider: allowed only from a session opened through it. Its links are
 * deleted and every session it opened is revoked, the current one included. The password
 * ('system') is not a connected service that can be disconnected.
 */
export async function revokeProvider(options: {
  ctx: AppContext;
  actor: UserActor;
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
  const revoked = await ctx.db.transaction(async (tx) => {
    await tx
      .delete(externalAccounts)
      .where(
        and(eq(externalAccounts.userId, actor.userId), eq(externalAccounts.provider, provider)),
      );
    return revokeUserSessions({
      ctx,
      db: tx,
      userId: actor.userId,
      provider,
      reason: 'provider_revoked',
    });
  });
  await revoked.announce();
}
