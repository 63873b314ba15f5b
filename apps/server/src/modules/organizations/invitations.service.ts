import {
  CODE_RULES,
  displayName,
  INVITATION_TTL_MS,
  type Invitation,
  type InvitationCreateRequest,
  type InvitationPage,
  type Language,
} from '@themis/shared';
import { requireOrganizationAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { isDatabaseError, UNIQUE_VIOLATION } from '../../db/constraint-errors';
import type { InvitationRow } from '../../db/schema';
import { AppError, RateLimitedError } from '../../errors';
import { decodeCursor, keysetPage } from '../../keyset-cursor';
import { requireUserRow } from '../../repos/users.repo';
import {
  findAccountsByEmail,
  findInvitation,
  findMemberEmails,
  findOpenInvitationEmails,
  insertInvitations,
  invitationPageQuery,
  updateOpenInvitation,
} from './invitations.repo';
import { findOrganizationName } from './organizations.repo';
import { isUuid } from '../../ids';
import { recordAudit, type AuditOrigin } from '../audit';

export const invitationNotFound = () =>
  new AppError('invitation_not_found', 404, 'no such invitation');

const HOUR_MS = 60 * 60_000;
/** Invitation e-mails an organization may send in an hour: a firm's onboarding, not a bomb. */
export const INVITATION_MAILS_PER_ORGANIZATION = { limit: 200, windowMs: HOUR_MS };
/** Invitation e-mails one address may get in an hour, from every organization together. */
export const INVITATION_MAILS_PER_ADDRESS = { limit: 3, windowMs: HOUR_MS };

/**
 * Counts the invitation e-mails about to go, by organization and by address, and refuses
 * them all when one count is over: counted by address rather than by invitation, so revoking
 * and inviting again does not start a count afresh.
 */
async function countInvitationMails(ctx: AppContext, organizationId: string, emails: string[]) {
  const results = await Promise.all([
    ...emails.map(() =>
      ctx.limiter.hit(
        `invitation:organization:${organizationId}`,
        INVITATION_MAILS_PER_ORGANIZATION,
      ),
    ),
    ...emails.map((email) =>
      ctx.limiter.hit(`invitation:address:${email}`, INVITATION_MAILS_PER_ADDRESS),
    ),
  ]);
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) {
    throw new RateLimitedError(Math.max(...refused.map((result) => result.retryAfterS)));
  }
}

function presentInvitation(row: InvitationRow): Invitation {
  return {
    pk: row.id,
    invitation_type: row.invitationType,
    email: row.email,
    role: row.role,
    status: row.status,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The page an invitation e-mail opens: the invitation, or for a new address the sign-up,
 * which goes on to the invitation once the account exists.
 */
function invitationUrl(ctx: AppContext, row: InvitationRow, hasAccount: boolean): string {
  const invitation = new URL('/organizations/invitation', ctx.config.publicUrl);
  invitation.searchParams.set('invitation_type', row.invitationType);
  invitation.searchParams.set('invitation_pk', row.id);
  if (hasAccount) return invitation.toString();
  const url = new URL('/register', ctx.config.publicUrl);
  url.searchParams.set('email', row.email);
  url.searchParams.set('from', invitation.pathname + invitation.search);
  return url.toString();
}

async function queueInvitationMail(options: {
  ctx: AppContext;
  db: AppContext['db'];
  row: InvitationRow;
  organization: string;
  inviter: string;
  /** The invited account's language, or the inviter's for an address without one. */
  language: Language;
  hasAccount: boolean;
}) {
  const { ctx, row } = options;
  await ctx.queueMail(
    {
      to: row.email,
      language: options.language,
      template: {
        kind: 'organization_invitation',
        organization: options.organization,
        inviter: options.inviter,
        role: row.role,
        url: invitationUrl(ctx, row, options.hasAccount),
        hasAccount: options.hasAccount,
        expiresAt: row.expiresAt,
      },
    },
    options.db,
  );
}

/**
 * Invites every address at once, or none: an address of a member, the inviter's own, or one
 * with an invitation still open refuses the whole request with its own code.
 */
/** An invitation's step, as an entry of its organization's audit log: to whom, as what. */
export function recordInvitation(
  ctx: AppContext,
  db: AppContext['db'],
  event: {
    actorUserId: string;
    origin: AuditOrigin;
    action: string;
    invitation: { id: string; organizationId: string; email: string; role: string };
  },
) {
  const { invitation } = event;
  return recordAudit({
    db,
    now: ctx.now(),
    log: { organizationId: invitation.organizationId },
    actorUserId: event.actorUserId,
    action: event.action,
    target: { type: 'invitation', id: invitation.id },
    origin: event.origin,
    details: { email: invitation.email, role: invitation.role },
  });
}

export async function createInvitations(options: {
  ctx: AppContext;
  actor: UserActor;
  organizationId: string;
  data: InvitationCreateRequest;
  origin: AuditOrigin;
}): Promise<Invitation[]> {
  const { ctx, actor, data } = options;
  const { organizationId } = await requireOrganizationAccess({
    db: ctx.db,
    actor,
    action: 'invitations.manage',
    organizationId: options.organizationId,
  });
  const inviter = await requireUserRow(ctx.db, actor.userId);
  const emails = data.user_emails;
  if (emails.includes(inviter.email)) throw new AppError('cannot_invite_self', 400);
  if ((await findMemberEmails({ db: ctx.db, organizationId, emails })).length > 0) {
    throw new AppError('already_member', 409);
  }
  await countInvitationMails(ctx, organizationId, emails);
  const organization = (await findOrganizationName(ctx.db, organizationId)) ?? '';
  const accounts = new Map(
    (await findAccountsByEmail(ctx.db, emails)).map((account) => [account.email, account]),
  );
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const rows = await ctx.db
    .transaction(async (tx) => {
      if ((await findOpenInvitationEmails({ db: tx, organizationId, emails })).length > 0) {
        throw new AppError('invitation_pending', 409);
      }
      const inserted = await insertInvitations({
        db: tx,
        values: emails.map((email) => ({
          organizationId,
          email,
          role: data.user_roles?.[email] ?? data.role,
          invitedById: actor.userId,
          expiresAt,
          lastSentAt: now,
          createdAt: now,
        })),
      });
      for (const row of inserted) {
        const account = accounts.get(row.email);
        await queueInvitationMail({
          ctx,
          db: tx,
          row,
          organization,
          inviter: displayName(inviter),
          language: (account?.language ?? inviter.language) as Language,
          hasAccount: account !== undefined,
        });
        await recordInvitation(ctx, tx, {
          actorUserId: actor.userId,
          origin: options.origin,
          action: 'invitation.sent',
          invitation: row,
        });
      }
      return inserted;
    })
    .catch((error: unknown) => {
      // Two managers inviting one address at once: the unique open-invitation index decides.
      if (isDatabaseError(error, UNIQUE_VIOLATION)) {
        throw new AppError('invitation_pending', 409);
      }
      throw error;
    });
  return rows.map(presentInvitation);
}

/** A page of an organization's invitations for its managers: e-mail search, a creation range. */
export async function listInvitations(options: {
  ctx: AppContext;
  actor: UserActor;
  organizationId: string;
  query: {
    search?: string;
    create_date_from?: string;
    create_date_to?: string;
    cursor?: string;
    limit: number;
  };
}): Promise<InvitationPage> {
  const { ctx, actor, query } = options;
  const { organizationId } = await requireOrganizationAccess({
    db: ctx.db,
    actor,
    action: 'invitations.manage',
    organizationId: options.organizationId,
  });
  const rows = await invitationPageQuery({
    db: ctx.db,
    organizationId,
    search: query.search?.toLowerCase(),
    from: query.create_date_from,
    to: query.create_date_to,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  return keysetPage(rows, query.limit, presentInvitation);
}

/** A managed invitation of the actor's organization, by id; anything else is not found. */
async function requireManagedInvitation(ctx: AppContext, actor: UserActor, invitationId: string) {
  const invitation = isUuid(invitationId) ? await findInvitation(ctx.db, invitationId) : undefined;
  if (!invitation) throw invitationNotFound();
  // A manager of another organization learns nothing of this one's invitations.
  await requireOrganizationAccess({
    db: ctx.db,
    actor,
    action: 'invitations.manage',
    organizationId: invitation.organizationId,
  }).catch((error: unknown) => {
    throw error instanceof AppError && error.status === 404 ? invitationNotFound() : error;
  });
  return invitation;
}

/** Sends an open invitation again, valid anew from now; once a minute at most. */
export async function resendInvitation(options: {
  ctx: AppContext;
  actor: UserActor;
  invitationId: string;
  origin: AuditOrigin;
}): Promise<Invitation> {
  const { ctx, actor } = options;
  const invitation = await requireManagedInvitation(ctx, actor, options.invitationId);
  if (invitation.status !== 'sent') throw invitationNotFound();
  const limit = await ctx.limiter.hit(`invitation:resend:${invitation.id}`, {
    limit: 1,
    windowMs: CODE_RULES.resendCooldownMs,
  });
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterS);
  await countInvitationMails(ctx, invitation.organizationId, [invitation.email]);
  const inviter = await requireUserRow(ctx.db, actor.userId);
  const [account] = await findAccountsByEmail(ctx.db, [invitation.email]);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const renewed = await updateOpenInvitation({
      db: tx,
      invitationId: invitation.id,
      set: { lastSentAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) },
    });
    if (!renewed) throw invitationNotFound();
    await queueInvitationMail({
      ctx,
      db: tx,
      row: renewed,
      organization: invitation.organizationName,
      inviter: displayName(inviter),
      language: (account?.language ?? inviter.language) as Language,
      hasAccount: account !== undefined,
    });
    await recordInvitation(ctx, tx, {
      actorUserId: actor.userId,
      origin: options.origin,
      action: 'invitation.resent',
      invitation: renewed,
    });
    return renewed;
  });
  return presentInvitation(row);
}

/** Revokes an open invitation: its link then shows 'Invitation not found.'. */
export async function revokeInvitation(options: {
  ctx: AppContext;
  actor: UserActor;
  invitationId: string;
  origin: AuditOrigin;
}): Promise<void> {
  const { ctx, actor } = options;
  const invitation = await requireManagedInvitation(ctx, actor, options.invitationId);
  await ctx.db.transaction(async (tx) => {
    const revoked = await updateOpenInvitation({
      db: tx,
      invitationId: invitation.id,
      set: { status: 'revoked', respondedAt: ctx.now() },
    });
    if (!revoked) throw invitationNotFound();
    await recordInvitation(ctx, tx, {
      actorUserId: actor.userId,
      origin: options.origin,
      action: 'invitation.revoked',
      invitation: revoked,
    });
  });
}
