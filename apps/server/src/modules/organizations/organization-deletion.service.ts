import { ORGANIZATION_PURGE_AFTER_MS } from '@themis/shared';
import { stopRenewingForDeletedOrganization } from '../billing';
import { requireOrganizationAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import type { JobHandlers } from '../../platform/jobs/job-queue';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { organizationFilesPrefix } from '../../platform/storage/storage';
import { listMemberIds } from './organizations.repo';
import {
  deleteDeletedOrganization,
  findDeletionState,
  listOrganizationFileKeys,
  listOrganizationsToPurge,
  markOrganizationDeleted,
  restoreOrganization,
} from './organization-deletion.repo';
import { clearCurrentOrganization } from '../../repos/users.repo';
import { confirmWithOwnerCode } from './owner-code';
import { deleteOrganizationEntries } from '../audit';

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
    await markOrganizationDeleted({ db: tx, organizationId, now, purgeAt });
    await clearCurrentOrganization({ db: tx, organizationId });
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
async function purgeOrganization(options: {
  ctx: Pick<AppContext, 'db' | 'storage' | 'now' | 'log'>;
  organizationId: string;
}): Promise<boolean> {
  const { ctx, organizationId } = options;
  const row = await findDeletionState({ db: ctx.db, organizationId });
  if (!row || row.status !== 'deleted' || !row.purgeAt || row.purgeAt > ctx.now()) return false;
  const fileKeys = await listOrganizationFileKeys({ db: ctx.db, organizationId });
  for (const key of fileKeys) await ctx.storage.delete(key);
  await ctx.storage.deletePrefix(organizationFilesPrefix(organizationId));
  // Its audit log goes with it, and only then.
  await ctx.db.transaction(async (tx) => {
    await deleteOrganizationEntries(tx, organizationId);
    await deleteDeletedOrganization({ db: tx, organizationId });
  });
  ctx.log.info({ organizationId, files: fileKeys.length }, 'organization purged');
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
  const rows = await listOrganizationsToPurge({ db });
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
  const row = await findDeletionState({ db, organizationId });
  if (!row || row.status !== 'deleted') return 'not_pending';
  if (!row.purgeAt || row.purgeAt <= now) return 'too_late';
  await restoreOrganization({ db, organizationId, now });
  return 'restored';
}
