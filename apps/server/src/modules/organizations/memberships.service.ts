import {
  ORGANIZATION_ROLES,
  type Member,
  type MemberPage,
  type MembershipStats,
  type OrganizationRole,
} from '@themis/shared';
import { requireOrganizationAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { monthKey, readAllowance } from '../usage';
import { avatarUrl } from '../user';
import { decodeCursor, keysetPage } from '../../keyset-cursor';
import {
  changeMembershipRole,
  countRoles,
  deleteMembership,
  findMembership,
  memberPageQuery,
  promoteToOwner,
  stepDownOwner,
} from './memberships.repo';
import { confirmWithOwnerCode } from './owner-code';
import { isUuid } from '../../ids';
import { recordAudit, type AuditOrigin } from '../audit';
import { findUser } from '../../repos/users.repo';

const membershipNotFound = () => new AppError('not_found', 404, 'membership not found');

/** A page of the co-workers list of an organization, for its owners and admins. */
export async function listOrganizationMembers(options: {
  ctx: AppContext;
  actor: UserActor;
  organizationId: string;
  search?: string;
  cursor?: string;
  limit: number;
}): Promise<MemberPage> {
  const { ctx, actor, limit } = options;
  const { organizationId } = await requireOrganizationAccess({
    db: ctx.db,
    actor,
    action: 'members.read',
    organizationId: options.organizationId,
  });
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const rows = await memberPageQuery({
    db: ctx.db,
    month: monthKey(ctx.now()),
    organizationId,
    search: options.search,
    after,
    limit: limit + 1,
  });
  return keysetPage(rows, limit, presenter(ctx));
}

type MemberRow = Awaited<ReturnType<typeof memberPageQuery>>[number];

function presenter(ctx: AppContext) {
  const publicOrigin = ctx.config.publicUrl.origin;
  return ({ membership, user, usage }: MemberRow): Member => ({
    pk: membership.id,
    user: {
      pk: user.id,
      name: user.name,
      surname: user.surname,
      email: user.email,
      avatar_url: avatarUrl(publicOrigin, user.avatarKey),
    },
    role: membership.role,
    usage,
    date_added: membership.createdAt.toISOString(),
    latest_activity: membership.lastActivityAt?.toISOString() ?? null,
    is_encryption_enabled: membership.encryptionEnabled,
  });
}

/** Members per role and the month's pooled tokens against the plan's limit. */
export async function organizationStats(options: {
  ctx: AppContext;
  actor: UserActor;
  organizationId: string;
}): Promise<MembershipStats> {
  const { ctx, actor } = options;
  const { organizationId } = await requireOrganizationAccess({
    db: ctx.db,
    actor,
    action: 'members.read',
    organizationId: options.organizationId,
  });
  const roles = Object.fromEntries(ORGANIZATION_ROLES.map((role) => [role, 0])) as Record<
    OrganizationRole,
    number
  >;
  for (const row of await countRoles(ctx.db, organizationId)) roles[row.role] = row.count;
  const allowance = await readAllowance({
    db: ctx.db,
    owner: { kind: 'organization', organizationId },
    now: ctx.now(),
  });
  return {
    members_count: Object.values(roles).reduce((sum, count) => sum + count, 0),
    roles,
    month: allowance.month,
    used_tokens: allowance.used,
    limit_tokens: allowance.limit,
  };
}

/**
 * The membership `membershipId` for a manager of its organization. The owner is never
 * changed or removed here (ownership moves by transfer), and an admin manages members and
 * observers only: another admin is the owner's to change.
 */
async function requireManagedMembership(ctx: AppContext, actor: UserActor, membershipId: string) {
  const membership = isUuid(membershipId) ? await findMembership(ctx.db, membershipId) : undefined;
  if (!membership) throw membershipNotFound();
  const { role } = await requireOrganizationAccess({
    db: ctx.db,
    actor,
    action: 'members.manage',
    organizationId: membership.organizationId,
  }).catch((error: unknown) => {
    throw error instanceof AppError && error.status === 404 ? membershipNotFound() : error;
  });
  if (membership.role === 'OWNER') throw new AppError('forbidden', 403, 'the owner is not managed');
  if (membership.role === 'ADMIN' && role !== 'OWNER' && membership.userId !== actor.userId) {
    throw new AppError('forbidden', 403, 'an admin is managed by the owner');
  }
  return membership;
}

/** Gives a member another role (never OWNER); their open tabs reconnect with it. */
/** A membership's change, as an entry of its organization's audit log: whose, and what. */
async function recordMembership(
  ctx: AppContext,
  db: AppContext['db'],
  event: {
    actor: UserActor;
    origin: AuditOrigin;
    action: string;
    membership: { id: string; organizationId: string; userId: string };
    details?: Record<string, unknown>;
  },
) {
  const member = await findUser({ db, userId: event.membership.userId });
  await recordAudit({
    db,
    now: ctx.now(),
    log: { organizationId: event.membership.organizationId },
    actorUserId: event.actor.userId,
    action: event.action,
    target: { type: 'membership', id: event.membership.id },
    origin: event.origin,
    details: { member: member?.email ?? null, ...event.details },
  });
}

export async function updateMembershipRole(options: {
  ctx: AppContext;
  actor: UserActor;
  membershipId: string;
  role: 'ADMIN' | 'MEMBER' | 'OBSERVER';
  origin: AuditOrigin;
}): Promise<Member> {
  const { ctx, actor, role } = options;
  const membership = await requireManagedMembership(ctx, actor, options.membershipId);
  const updated = await ctx.db.transaction(async (tx) => {
    // Refused again in the statement: an owner made meanwhile (a transfer) is left as is.
    const changed = await changeMembershipRole({
      db: tx,
      membershipId: membership.id,
      fromRole: membership.role,
      toRole: role,
    });
    if (changed && membership.role !== role) {
      await recordMembership(ctx, tx, {
        actor,
        origin: options.origin,
        action: 'member.role_changed',
        membership,
        details: { role: { before: membership.role, after: role } },
      });
    }
    return changed;
  });
  if (!updated) throw new AppError('membership_changed', 409);
  await ctx.sessionEvents.contextChanged([membership.userId], 'updated');
  const [row] = await memberPageQuery({
    db: ctx.db,
    month: monthKey(ctx.now()),
    organizationId: membership.organizationId,
    membershipId: membership.id,
    limit: 1,
  });
  return presenter(ctx)(row!);
}

/**
 * Removes a member (or lets anyone but the owner leave); they lose access at once and their
 * tabs reconnect in their own context. Their conversations stay with the organization.
 */
export async function removeMembership(options: {
  ctx: AppContext;
  actor: UserActor;
  membershipId: string;
  origin: AuditOrigin;
}): Promise<void> {
  const { ctx, actor } = options;
  const own = isUuid(options.membershipId)
    ? await findMembership(ctx.db, options.membershipId)
    : undefined;
  const leaving = own?.userId === actor.userId && own.role !== 'OWNER';
  const membership = leaving
    ? own
    : await requireManagedMembership(ctx, actor, options.membershipId);
  const removed = await ctx.db.transaction(async (tx) => {
    const gone = await deleteMembership({
      db: tx,
      membershipId: membership.id,
      role: membership.role,
    });
    if (gone) {
      await recordMembership(ctx, tx, {
        actor,
        origin: options.origin,
        action: leaving ? 'member.left' : 'member.removed',
        membership,
        details: { role: membership.role },
      });
    }
    return gone;
  });
  if (!removed) throw new AppError('membership_changed', 409);
  await ctx.sessionEvents.contextChanged([membership.userId]);
}

/**
 * Asks for the e-mailed code (no `code`: one is sent, 'code_sent'), or moves the ownership
 * with it: the member becomes OWNER and the owner ADMIN, in one transaction (the old owner
 * steps down first: one owner per organization is a unique index). Irreversible.
 */
export async function transferOwnership(options: {
  ctx: AppContext;
  actor: UserActor;
  ip: string;
  membershipId: string;
  code: string | undefined;
}): Promise<'code_sent' | 'transferred'> {
  const { ctx, actor, code } = options;
  const target = isUuid(options.membershipId)
    ? await findMembership(ctx.db, options.membershipId)
    : undefined;
  if (!target) throw membershipNotFound();
  const { organizationId } = await requireOrganizationAccess({
    db: ctx.db,
    actor,
    action: 'ownership.transfer',
    organizationId: target.organizationId,
  }).catch((error: unknown) => {
    throw error instanceof AppError && error.status === 404 ? membershipNotFound() : error;
  });
  if (target.userId === actor.userId) {
    throw new AppError('validation_error', 400, 'the owner already owns it', {
      membership_pk: ['validation.invalid'],
    });
  }
  const confirmation = await confirmWithOwnerCode({
    ctx,
    userId: actor.userId,
    ip: options.ip,
    kind: 'ORGANIZATION_OWNERSHIP_TRANSFER',
    step: { organizationId, newOwnerId: target.userId },
    code,
  });
  if (confirmation === 'code_sent') return 'code_sent';
  await ctx.db.transaction(async (tx) => {
    const steppedDown = await stepDownOwner({ db: tx, organizationId, userId: actor.userId });
    const promoted = await promoteToOwner({ db: tx, organizationId, membershipId: target.id });
    if (!steppedDown || !promoted) throw new AppError('membership_changed', 409);
  });
  await ctx.sessionEvents.contextChanged([actor.userId, target.userId], 'updated');
  return 'transferred';
}
