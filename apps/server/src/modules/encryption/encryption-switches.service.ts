import type { EncryptedConversationsAction, EncryptionStatus } from '@themis/shared';
import { requireContextAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { requestEncryptionSync } from './encryption-sync.service';
import {
  findEncryptionKey,
  hasConversationsSealedByForce,
  updateEncryptionKey,
} from './encryption.repo';
import {
  enableMembersEncryption,
  findOwnMembershipSwitch,
  lockEncryptionForced,
  planHasEncryption,
  setEncryptionForcedFlag,
  setMembershipEncryptionSwitch,
  setOwnEncryptionSwitch,
  turnOffVoluntaryEncryption,
  type EncryptionSwitch,
} from './encryption-switches.repo';
import { encryptionStatus } from './encryption.service';
import { isUuid } from '../../ids';

/**
 * The encryption switches of spec §7: the user's own context, a membership's, an
 * organization forcing it, and removing the credential. Each changes the switches in one
 * transaction with a request to the sync job, which then changes the conversations.
 */
type SwitchContext = Pick<AppContext, 'db' | 'now' | 'keys' | 'unlockedKeys'>;

const locked = () => new AppError('decryption_locked', 403, 'the data key is locked');

/** A credential that is set, not being removed, and unlocked in this session. */
async function requireUnlockedKey(ctx: SwitchContext, actor: UserActor): Promise<void> {
  const key = await findEncryptionKey(ctx.db, actor.userId);
  if (!key) throw new AppError('encryption_key_missing', 400, 'no credential');
  if (key.removal) throw new AppError('encryption_in_progress', 409, 'credential being removed');
  if (!(await ctx.unlockedKeys.get(actor.sessionId, actor.userId))) throw locked();
}

/** DECRYPT opens the conversations in the background: the key must be unlocked now. */
async function requireUnlockedFor(
  ctx: SwitchContext,
  actor: UserActor,
  action: EncryptedConversationsAction,
): Promise<void> {
  if (action !== 'DECRYPT') return;
  const key = await findEncryptionKey(ctx.db, actor.userId);
  if (key && !(await ctx.unlockedKeys.get(actor.sessionId, actor.userId))) throw locked();
}

const statusOf = (ctx: SwitchContext, actor: UserActor) =>
  encryptionStatus({ ctx, userId: actor.userId, sessionId: actor.sessionId });

/** POST /user/enable-encryption: the own context, on a plan with the encryption option. */
export async function enableEncryption(options: {
  ctx: SwitchContext;
  actor: UserActor;
}): Promise<EncryptionStatus> {
  const { ctx } = options;
  const { actor } = requireContextAccess({ actor: options.actor, action: 'encryption.manage' });
  if (!(await planHasEncryption({ db: ctx.db, userId: actor.userId })))
    throw new AppError('not_encrypted_user_product', 400);
  await requireUnlockedKey(ctx, actor);
  return switchOwnContext(ctx, actor, { encryptionEnabled: true, encryptionOffAction: null });
}

/** The own context's switch changed, with the sync job told; the status after it. */
async function switchOwnContext(
  ctx: SwitchContext,
  actor: UserActor,
  values: EncryptionSwitch,
): Promise<EncryptionStatus> {
  await ctx.db.transaction(async (tx) => {
    await setOwnEncryptionSwitch({ db: tx, userId: actor.userId, set: values });
    await requestEncryptionSync(tx, actor.userId);
  });
  return statusOf(ctx, actor);
}

/** POST /user/disable-encryption: the own context's encrypted conversations deleted or decrypted. */
export async function disableEncryption(options: {
  ctx: SwitchContext;
  actor: UserActor;
  action: EncryptedConversationsAction;
}): Promise<EncryptionStatus> {
  const { ctx, action } = options;
  const { actor } = requireContextAccess({ actor: options.actor, action: 'encryption.manage' });
  await requireUnlockedFor(ctx, actor, action);
  return switchOwnContext(ctx, actor, { encryptionEnabled: false, encryptionOffAction: action });
}

/**
 * DELETE /user/delete-encryption-secrets: the credential goes once every encrypted
 * conversation of every context is deleted or decrypted. Encryption is switched off where
 * it is the user's choice; a forcing organization keeps it on, so a new credential is
 * asked for there, and its conversations may be deleted but not decrypted (403). Until the
 * job ends, a new credential waits (`encryption_in_progress`).
 */
export async function deleteEncryptionSecrets(options: {
  ctx: SwitchContext;
  actor: UserActor;
  action: EncryptedConversationsAction;
}): Promise<EncryptionStatus> {
  const { ctx, action } = options;
  const { actor } = requireContextAccess({ actor: options.actor, action: 'encryption.manage' });
  const key = await findEncryptionKey(ctx.db, actor.userId);
  if (!key) throw new AppError('encryption_key_missing', 400, 'no credential to remove');
  if (key.removal) throw new AppError('encryption_in_progress', 409, 'already being removed');
  // An organization that forces encryption keeps its conversations sealed: they may go, not
  // be opened by a member leaving encryption.
  if (action === 'DECRYPT' && (await hasConversationsSealedByForce(ctx.db, actor.userId))) {
    throw new AppError('encryption_forced', 403, 'decrypting a forcing organization');
  }
  await requireUnlockedFor(ctx, actor, action);
  await ctx.db.transaction(async (tx) => {
    await updateEncryptionKey({
      db: tx,
      userId: actor.userId,
      set: { removal: action, updatedAt: ctx.now() },
    });
    await turnOffVoluntaryEncryption({ db: tx, userId: actor.userId, action });
    await requestEncryptionSync(tx, actor.userId);
  });
  return statusOf(ctx, actor);
}

/**
 * POST /organization/membership/enable-encryption|disable-encryption/{membership_pk}: the
 * actor's own membership only. Disabling is refused while the organization forces it.
 * Returns the membership's organization.
 */
export async function setMembershipEncryption(options: {
  ctx: SwitchContext;
  actor: UserActor;
  membershipId: string;
  change: { enabled: true } | { enabled: false; action: EncryptedConversationsAction };
}): Promise<{ organizationId: string }> {
  const { ctx, change } = options;
  const { actor } = requireContextAccess({ actor: options.actor, action: 'encryption.manage' });
  const membership = isUuid(options.membershipId)
    ? await findOwnMembershipSwitch({
        db: ctx.db,
        userId: actor.userId,
        membershipId: options.membershipId,
      })
    : undefined;
  if (!membership) throw notFound('membership');
  if (change.enabled) await requireUnlockedKey(ctx, actor);
  else if (membership.forced) throw new AppError('encryption_forced', 403, 'forced');
  else await requireUnlockedFor(ctx, actor, change.action);
  await ctx.db.transaction(async (tx) => {
    await setMembershipEncryptionSwitch({
      db: tx,
      membershipId: options.membershipId,
      set: change.enabled
        ? { encryptionEnabled: true, encryptionOffAction: null }
        : { encryptionEnabled: false, encryptionOffAction: change.action },
    });
    await requestEncryptionSync(tx, actor.userId);
  });
  return { organizationId: membership.organizationId };
}

/**
 * An organization forcing encryption, or making it voluntary again (the caller checked the
 * actor may). Either way every membership keeps encryption on: forcing it turns it on, and
 * ending the force leaves each member to turn it off themselves. Asking for what already
 * holds changes nothing. Returns the ids of the members whose switch was set.
 */
export async function setEncryptionForced(options: {
  db: Database;
  organizationId: string;
  forced: boolean;
}): Promise<string[]> {
  const { organizationId, forced } = options;
  return options.db.transaction(async (tx) => {
    const before = await lockEncryptionForced({ db: tx, organizationId });
    // Unchanged: no member's own choice is touched.
    if (before === undefined || before === forced) return [];
    await setEncryptionForcedFlag({ db: tx, organizationId, forced });
    const members = await enableMembersEncryption({ db: tx, organizationId });
    if (forced) for (const userId of members) await requestEncryptionSync(tx, userId);
    return members;
  });
}
