import type { Database } from '../../db/client';
import { findUser } from '../../repos/users.repo';
import { entryHash, FIRST_PREVIOUS_HASH } from './audit-chain';
import { appendEntry, entriesAfter, type AuditLog } from './audit.repo';

/** Where a request came from, as an entry records it. */
export interface AuditOrigin {
  ip: string | null;
  /** The browser's User-Agent, shortened. */
  device: string | null;
}

const DEVICE_MAX = 200;

/**
 * Writes one entry of `log` in `db` (the caller's transaction, so that it exists exactly when
 * what it records does). Who acted is copied as they are now: the entry outlives them.
 */
export async function recordAudit(options: {
  db: Database;
  now: Date;
  log: AuditLog;
  actorUserId: string | null;
  action: string;
  target?: { type: string; id: string };
  origin?: AuditOrigin;
  details?: Record<string, unknown>;
}): Promise<void> {
  const { db, log } = options;
  const actor = options.actorUserId
    ? await findUser({ db, userId: options.actorUserId })
    : undefined;
  const actorName = actor ? [actor.name, actor.surname].filter(Boolean).join(' ') || null : null;
  await appendEntry(db, {
    organizationId: 'organizationId' in log ? log.organizationId : null,
    subjectUserId: 'subjectUserId' in log ? log.subjectUserId : null,
    actorUserId: options.actorUserId,
    actorName,
    actorEmail: actor?.email ?? null,
    action: options.action,
    targetType: options.target?.type ?? null,
    targetId: options.target?.id ?? null,
    ip: options.origin?.ip ?? null,
    device: options.origin?.device?.slice(0, DEVICE_MAX) ?? null,
    details: options.details ?? null,
    createdAt: options.now,
  });
}

const BATCH = 1000;

/** What checking a log's chain found: its length, and the first entry that does not follow. */
export interface AuditVerification {
  entries: number;
  broken: { id: number; createdAt: Date; reason: 'previous hash' | 'hash' } | null;
}

/** Recomputes every hash of `log`, oldest first, and reports the first link that fails. */
export async function verifyAuditLog(db: Database, log: AuditLog): Promise<AuditVerification> {
  let previous = FIRST_PREVIOUS_HASH;
  let afterId = 0;
  let entries = 0;
  for (;;) {
    const rows = await entriesAfter(db, log, afterId, BATCH);
    for (const row of rows) {
      entries += 1;
      const at = { id: row.id, createdAt: row.createdAt };
      if (row.prevHash !== previous) return { entries, broken: { ...at, reason: 'previous hash' } };
      if (row.hash !== entryHash(previous, row))
        return { entries, broken: { ...at, reason: 'hash' } };
      previous = row.hash;
    }
    if (rows.length < BATCH) return { entries, broken: null };
    afterId = rows.at(-1)!.id;
  }
}
