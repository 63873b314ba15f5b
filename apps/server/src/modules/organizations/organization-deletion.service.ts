import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { ORGANIZATION_PURGE_AFTER_MS } from '@themis/shared';
import { stopRenewingForDeletedOrganization } from '../billing/owner-gone.service';
import { requireOrganizationAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { attachments, organizations, users } from '../../db/schema';
import type { JobHandlers } from '../../platform/jobs/job-queue';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { organizationFilesPrefix } from '../../platform/storage/storage';
import { listMemberIds } from './organizations.repo';
import { confirmWithOwnerCode } from './owner-code';

export const PURGE_JOB = 'organization.purge';

/**
 * Asks for the e-mailed code (no `code`: one is sent, 'code_sent'), or deletes with it: the
 * organization turns inactive at once (members fall back to their own context and lose
 * access), and a durable job purges it with everything it holds after the grace period.
 * The owner alone may; support can cancel within the window (operator command).
 */
export async function deleteOrganization(options: {
  ctx: AppContext;
  actor: UserActor;
  ip: string;
  organizationId: string;
  code: string | undefined;
}): Promise<'code_sent' | 'deleted'> {
  const { ctx, actor, code } = options;
  const { organizationId } = await requireOrganizationAccess({
    db: ctx.db,
    actor,
    action: 'delete',
    organizationId: options.organizationId,
  });
  const confirmation = await confirmWithOwnerCode({
    ctx,
    userId: actor.userId,
    ip: options.ip,
    kind: 'ORGANIZATION_DELETE',
    step: { organizationId },
    code,
  });
  if (confirmation === 'code_sent') return 'code_sent';
  const now = ctx.now();
  const purgeAt = new Date(now.getTime() + ORGANIZATION_PURGE_AFTER_MS);
  const members = await listMemberIds(ctx.db, organizationId);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(organizations)
      .set({ status: 'deleted', deletedAt: now, purgeAt, updatedAt: now })
      .where(eq(organizations.id, organizationId));
    await tx
      .update(users)
      .set({ currentOrganizationId: null })
      .where(eq(users.currentOrganizationId, organizationId));
    await enqueueJob(tx, {
      type: PURGE_JOB,
      payload: { organization_id: organizationId },
      runAt: purgeAt,
    });
  });
  await ctx.sessionEvents.contextChanged(members);
  await stopRenewingForDeletedOrganization(ctx, organizationId);
  return 'deleted';
}

/**
 * Removes a deleted organization whose grace period is over: its stored files first (the
 * rows name them), then the row, which takes its conversations, messages, files' rows,
 * memberships, invitations and usage with it. An organization restored meanwhile, or one
 * whose date has moved, is left alone.
 */
export async function purgeOrganization(options: {
  ctx: Pick<AppContext, 'db' | 'storage' | 'now' | 'log'>;
  organizationId: string;
}): Promise<boolean> {
  const { ctx, organizationId } = options;
  const [row] = await ctx.db
    .select({ status: organizations.status, purgeAt: organizations.purgeAt })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row || row.status !== 'deleted' || !row.purgeAt || row.purgeAt > ctx.now()) return false;
  const files = await ctx.db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(eq(attachments.organizationId, organizationId));
  for (const file of files) await ctx.storage.delete(file.key);
  await ctx.storage.deletePrefix(organizationFilesPrefix(organizationId));
  await ctx.db
    .delete(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.status, 'deleted')));
  ctx.log.info({ organizationId, files: files.length }, 'organization purged');
  return true;
}

export function organizationJobHandlers(
  ctx: Pick<AppContext, 'db' | 'storage' | 'now' | 'log'>,
): JobHandlers {
  return {
    [PURGE_JOB]: async (payload) => {
      const organizationId = (payload as { organization_id?: unknown }).organization_id;
      if (typeof organizationId !== 'string') return;
      await purgeOrganization({ ctx, organizationId });
    },
  };
}

export interface PendingDeletion {
  id: string;
  name: string;
  deletedAt: Date;
  purgeAt: Date;
}

/** Deleted organizations still within their grace period, soonest purge first. */
export async function listPendingDeletions(db: Database): Promise<PendingDeletion[]> {
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      deletedAt: organizations.deletedAt,
      purgeAt: organizations.purgeAt,
    })
    .from(organizations)
    .where(and(eq(organizations.status, 'deleted'), isNotNull(organizations.purgeAt)))
    .orderBy(asc(organizations.purgeAt));
  return rows.map((row) => ({ ...row, deletedAt: row.deletedAt!, purgeAt: row.purgeAt! }));
}

/**
 * Restores a deleted organization within its grace period (support's command). Its members
 * regain access; their context stays their own until they switch.
 */
export async function cancelDeletion(options: {
  db: Database;
  now: Date;
  organizationId: string;
}): Promise<'restored' | 'not_pending' | 'too_late'> {
  const { db, now, organizationId } = options;
  const [row] = await db
    .select({ status: organizations.status, purgeAt: organizations.purgeAt })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row || row.status !== 'deleted') return 'not_pending';
  if (!row.purgeAt || row.purgeAt <= now) return 'too_late';
  await db
    .update(organizations)
    .set({ status: 'active', deletedAt: null, purgeAt: null, updatedAt: now })
    .where(and(eq(organizations.id, organizationId), eq(organizations.status, 'deleted')));
  return 'restored';
}
