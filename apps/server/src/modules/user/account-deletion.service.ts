import type { FastifyBaseLogger } from 'fastify';
import type { DeleteAccountRequest } from '@themis/shared';
import type { UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { userFilesPrefix } from '../../platform/storage/storage';
import { deleteUser, requireUserRow } from '../../repos/users.repo';
import { confirmAccountDeletion, queueAccountDeletedNotice, revokeUserSessions } from '../auth';
import { endBillingOfRemovedOwner } from '../billing';

/**
 * Deletes the account and, through the foreign keys, everything it owns; e-mails the
 * address that it is gone; then deletes its stored files, which no row names any more (a
 * failure there is logged, the account stays deleted).
 */
export async function deleteAccount(options: {
  ctx: AppContext;
  log: FastifyBaseLogger;
  actor: UserActor;
  ip: string;
  data: DeleteAccountRequest;
}): Promise<void> {
  const { ctx, actor } = options;
  const user = await requireUserRow(ctx.db, actor.userId);
  await confirmAccountDeletion({ ctx, user, ip: options.ip, data: options.data });
  // Revoked first, so that every open socket of the account is closed with it.
  await revokeUserSessions({ ctx, userId: user.id, reason: 'account_deleted' });
  await endBillingOfRemovedOwner(ctx, { kind: 'user', userId: user.id });
  await deleteUser({ db: ctx.db, userId: user.id });
  await queueAccountDeletedNotice(ctx, user);
  await ctx.storage.deletePrefix(userFilesPrefix(user.id)).catch((error: unknown) => {
    options.log.error({ err: error, userId: user.id }, 'files of a deleted account not removed');
  });
}
