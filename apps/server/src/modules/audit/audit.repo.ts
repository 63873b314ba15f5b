import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditEntries, type AuditEntryRow } from '../../db/schema';
import { entryHash, FIRST_PREVIOUS_HASH, type AuditFields } from './audit-chain';

/** One log: an organization's, or an account's own security history. */
export type AuditLog = { organizationId: string } | { subjectUserId: string };

const inLog = (log: AuditLog): SQL =>
  'organizationId' in log
    ? eq(auditEntries.organizationId, log.organizationId)
    : and(eq(auditEntries.subjectUserId, log.subjectUserId), isNull(auditEntries.organizationId))!;

const chainKey = (log: AuditLog) =>
  'organizationId' in log ? `audit:org:${log.organizationId}` : `audit:user:${log.subjectUserId}`;

/**
 * Appends an entry to its log, chained to the last one. The log's advisory lock (to the end of
 * the caller's transaction) keeps two entries written at once from both following the same one.
 */
export async function appendEntry(db: Database, fields: AuditFields): Promise<void> {
  const log: AuditLog = fields.organizationId
    ? { organizationId: fields.organizationId }
    : { subjectUserId: fields.subjectUserId! };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${chainKey(log)}, 0))`);
    const [last] = await tx
      .select({ hash: auditEntries.hash })
      .from(auditEntries)
      .where(inLog(log))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    const prevHash = last?.hash ?? FIRST_PREVIOUS_HASH;
    await tx
      .insert(auditEntries)
      .values({ ...fields, prevHash, hash: entryHash(prevHash, fields) });
  });
}

/** A log's entries after `afterId`, oldest first, for checking its chain a batch at a time. */
export function entriesAfter(
  db: Database,
  log: AuditLog,
  afterId: number,
  limit: number,
): Promise<AuditEntryRow[]> {
  return db
    .select()
    .from(auditEntries)
    .where(and(inLog(log), gt(auditEntries.id, afterId)))
    .orderBy(asc(auditEntries.id))
    .limit(limit);
}

/** An organization's entries, gone with it at its purge: the one removal the database allows. */
export async function deleteOrganizationEntries(db: Database, organizationId: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('themis.audit_purge', 'on', true)`);
    await tx.delete(auditEntries).where(eq(auditEntries.organizationId, organizationId));
  });
}
