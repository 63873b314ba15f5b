import type { EncryptedConversationsAction, Membership, Organization } from '@themis/shared';
import { requireOrganizationAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { setEncryptionForced, setMembershipEncryption } from '../encryption';
import { listMemberIds } from './organizations.repo';
import { readMembership, readOrganization } from './organizations.service';

/**
 * POST /organization/force-encryption|voluntary-encryption/{organization_pk}: owners and
 * admins. Members' open tabs are told, so they see the switch and are asked for a
 * credential where they have none.
 */
export async function setOrganizationEncryptionForced(options: {
  ctx: AppContext;
  actor: UserActor;
  organizationId: string;
  forced: boolean;
}): Promise<Organization> {
  const { ctx, forced } = options;
  const { organizationId, actor } = await requireOrganizationAccess({
    db: ctx.db,
    actor: options.actor,
    action: 'update',
    organizationId: options.organizationId,
  });
  const changed = await setEncryptionForced({ db: ctx.db, organizationId, forced });
  if (changed.length > 0) {
    await ctx.sessionEvents.contextChanged(await listMemberIds(ctx.db, organizationId), 'updated');
  }
  return readOrganization({
    db: ctx.db,
    actor,
    organizationId,
    publicOrigin: ctx.config.publicUrl.origin,
  });
}

/** POST /organization/membership/enable-encryption|disable-encryption/{membership_pk}. */
export async function changeMembershipEncryption(options: {
  ctx: AppContext;
  actor: UserActor;
  membershipId: string;
  change: { enabled: true } | { enabled: false; action: EncryptedConversationsAction };
}): Promise<Membership> {
  const { ctx, actor } = options;
  const { organizationId } = await setMembershipEncryption(options);
  return readMembership({
    db: ctx.db,
    actor,
    organizationId,
    publicOrigin: ctx.config.publicUrl.origin,
  });
}
