import { displayName, type ReceivedInvitation } from '@themis/shared';
import { requireContextAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { requireUserRow } from '../../repos/users.repo';
import type { AuditOrigin } from '../audit';
import {
  findInvitation,
  insertMembership,
  listOpenInvitationsTo,
  updateOpenInvitation,
  type ReceivedInvitationRow,
} from './invitations.repo';
import { invitationNotFound, recordInvitation } from './invitations.service';
import { setCurrentOrganization } from './organizations.repo';

// Invitations as their invited address sees them: opened from a link, listed, answered.

function presentReceived(row: ReceivedInvitationRow, email: string): ReceivedInvitation {
  return {
    pk: row.id,
    invitation_type: row.invitationType,
    organization: { pk: row.organizationId, name: row.organizationName },
    role: row.role,
    email: row.email,
    invited_by: row.inviter && displayName(row.inviter),
    is_for_current_user: row.email === email,
  };
}

/** An open invitation as its link shows it to whoever is signed in. */
async function requireOpenInvitation(ctx: AppContext, invitationId: string) {
  const invitation = isUuid(invitationId) ? await findInvitation(ctx.db, invitationId) : undefined;
  if (!invitation || invitation.status !== 'sent' || invitation.expiresAt <= ctx.now()) {
    throw invitationNotFound();
  }
  return invitation;
}

/**
 * The invitation behind a link. Shown to any signed-in account, which learns whether it is
 * the invited one (the mismatch state); revoked, expired, answered and unknown ones alike
 * are not found.
 */
export async function getReceivedInvitation(options: {
  ctx: AppContext;
  actor: UserActor;
  invitationId: string;
}): Promise<ReceivedInvitation> {
  const { ctx, actor } = options;
  requireContextAccess({ actor, action: 'organization.list' });
  const invitation = await requireOpenInvitation(ctx, options.invitationId);
  const user = await requireUserRow(ctx.db, actor.userId);
  return presentReceived(invitation, user.email);
}

/** The open invitations to the actor's address, for the organization menu. */
export async function listReceivedInvitations(options: {
  ctx: AppContext;
  actor: UserActor;
}): Promise<ReceivedInvitation[]> {
  const { ctx, actor } = options;
  requireContextAccess({ actor, action: 'organization.list' });
  const user = await requireUserRow(ctx.db, actor.userId);
  const rows = await listOpenInvitationsTo({ db: ctx.db, email: user.email, now: ctx.now() });
  return rows.map((row) => presentReceived(row, user.email));
}

/**
 * Accepts or declines an invitation to the actor's own address. Accepting makes them a
 * member with the invited role and switches them into the organization, in every tab.
 */
export async function answerInvitation(options: {
  ctx: AppContext;
  actor: UserActor;
  invitationId: string;
  answer: 'accept' | 'decline';
  origin: AuditOrigin;
}): Promise<void> {
  const { ctx, actor, answer } = options;
  requireContextAccess({ actor, action: 'organization.list' });
  const invitation = await requireOpenInvitation(ctx, options.invitationId);
  const user = await requireUserRow(ctx.db, actor.userId);
  if (invitation.email !== user.email) throw new AppError('invitation_wrong_account', 403);
  await ctx.db.transaction(async (tx) => {
    // The status moves once: a second answer, or a revocation in between, finds nothing.
    const answered = await updateOpenInvitation({
      db: tx,
      invitationId: invitation.id,
      set: { status: answer === 'accept' ? 'accepted' : 'declined', respondedAt: ctx.now() },
    });
    if (!answered) throw invitationNotFound();
    await recordInvitation(ctx, tx, {
      actorUserId: actor.userId,
      origin: options.origin,
      action: answer === 'accept' ? 'invitation.accepted' : 'invitation.declined',
      invitation: answered,
    });
    if (answer === 'decline') return;
    const joined = await insertMembership({
      db: tx,
      organizationId: invitation.organizationId,
      userId: user.id,
      role: invitation.role,
    });
    if (!joined) throw new AppError('already_member', 409);
    await setCurrentOrganization({
      db: tx,
      userId: user.id,
      organizationId: invitation.organizationId,
    });
  });
  if (answer === 'accept') await ctx.sessionEvents.contextChanged([actor.userId]);
}
