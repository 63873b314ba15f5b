import type { PROVIDER_NAMES } from '@themis/shared';
import { AppError } from '../../errors';
import type { AppContext } from '../../app-context';
import type { UserActor } from '../../access/actor';
import { revokeUserSessions } from './session.service';
import { deleteExternalAccounts } from './external-accounts.repo';
import { findSessionProvider } from './sessions.repo';

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
  const current = await findSessionProvider({
    db: ctx.db,
    userId: actor.userId,
    sessionId: actor.sessionId,
  });
  if (provider === 'system' || current !== provider) {
    throw new AppError('not_in_provider_scope', 400, `current session is not from ${provider}`);
  }
  const revoked = await ctx.db.transaction(async (tx) => {
    await deleteExternalAccounts({ db: tx, userId: actor.userId, provider });
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
