import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attachments, organizations } from '../../db/schema';

const isDeleted = (organizationId: string) =>
  and(eq(organizations.id, organizationId), eq(organizations.status, 'deleted'));

/** The organization turned inactive, to be purged at `purgeAt`. */
export async function markOrganizationDeleted(options: {
  db: Database;
  organizationId: string;
  now: Date;
  purgeAt: Date;
}): Promise<void> {
  const { now, purgeAt } = options;
  await options.db
    .update(organizations)
    .set({ status: 'deleted', deletedAt: now, purgeAt, updatedAt: now })
    .where(eq(organizations.id, options.organizationId));
}

/** Whether the organization is deleted, and when it is to be purged. */
export async function findDeletionState(options: { db: Database; organizationId: string }) {
  const [row] = await options.db
    .select({ status: organizations.status, purgeAt: organizations.purgeAt })
    .from(organizations)
    .where(eq(organizations.id, options.organizationId));
  return row;
}

/** The stored file keys of the organization's attachments. */
export async function listOrganizationFileKeys(options: {
  db: Database;
  organizationId: string;
}): Promise<string[]> {
  const files = await options.db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(eq(attachments.organizationId, options.organizationId));
  return files.map((file) => file.key);
}

/**
 * Removes a deleted organization's row, which takes everything it holds with it through the
 * foreign keys; one restored meanwhile stays.
 */
export async function deleteDeletedOrganization(options: {
  db: Database;
  organizationId: string;
}): Promise<void> {
  await options.db.delete(organizations).where(isDeleted(options.organizationId));
}

/** Deleted organizations with a purge date, soonest first. */
export function listOrganizationsToPurge(options: { db: Database }) {
  return options.db
    .select({
      id: organizations.id,
      name: organizations.name,
      deletedAt: organizations.deletedAt,
      purgeAt: organizations.purgeAt,
    })
    .from(organizations)
    .where(and(eq(organizations.status, 'deleted'), isNotNull(organizations.purgeAt)))
    .orderBy(asc(organizations.purgeAt));
}

/** A deleted organization active again. */
export async function restoreOrganization(options: {
  db: Database;
  organizationId: string;
  now: Date;
}): Promise<void> {
  await options.db
    .update(organizations)
    .set({ status: 'active', deletedAt: null, purgeAt: null, updatedAt: options.now })
    .where(isDeleted(options.organizationId));
}
