import { and, asc, count, eq, exists, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  attachments,
  conversations,
  encryptionKeys,
  memberships,
  organizations,
  users,
} from '../../db/schema';

export type OffAction = 'DELETE' | 'DECRYPT';

/** One context of the user's conversations and what its encryption switches say. */
export interface ContextSwitches {
  /** null: the user's own context. */
  organizationId: string | null;
  enabled: boolean;
  forced: boolean;
  offAction: OffAction | null;
}

export interface SyncState {
  version: number;
  pending: boolean;
  key: { removal: OffAction | null } | null;
  contexts: ContextSwitches[];
}

export async function readSyncState(db: Database, userId: string): Promise<SyncState | undefined> {
  const [user] = await db
    .select({
      enabled: users.encryptionEnabled,
      offAction: users.encryptionOffAction,
      version: users.encryptionSyncVersion,
      pending: users.encryptionSyncPending,
      keyType: encryptionKeys.keyType,
      removal: encryptionKeys.removal,
    })
    .from(users)
    .leftJoin(encryptionKeys, eq(encryptionKeys.userId, users.id))
    .where(eq(users.id, userId));
  if (!user) return undefined;
  const organizationContexts = await db
    .select({
      organizationId: memberships.organizationId,
      enabled: memberships.encryptionEnabled,
      forced: organizations.encryptionForced,
      offAction: memberships.encryptionOffAction,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId));
  return {
    version: user.version,
    pending: user.pending,
    key: user.keyType === null ? null : { removal: user.removal },
    contexts: [
      { organizationId: null, enabled: user.enabled, forced: false, offAction: user.offAction },
      ...organizationContexts,
    ],
  };
}

/** A context, or 'any': every conversation of the user, wherever it was made. */
export type ContextScope = string | null | 'any';

const inContext = (userId: string, organizationId: ContextScope) =>
  and(
    eq(conversations.userId, userId),
    organizationId === 'any'
      ? undefined
      : organizationId === null
        ? isNull(conversations.organizationId)
        : eq(conversations.organizationId, organizationId),
  );

/**
 * Up to `limit` of the context's conversations that are (`encrypted`) or are not encrypted;
 * those not, also encrypted ones holding files sealed before their names were.
 */
export async function conversationsToChange(
  db: Database,
  options: {
    userId: string;
    organizationId: ContextScope;
    encrypted: boolean;
    skip: string[];
    limit: number;
  },
): Promise<string[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        inContext(options.userId, options.organizationId),
        options.encrypted
          ? eq(conversations.encrypted, true)
          : or(
              eq(conversations.encrypted, false),
              exists(
                db
                  .select({ id: attachments.id })
                  .from(attachments)
                  .where(
                    and(
                      eq(attachments.conversationId, conversations.id),
                      eq(attachments.sealed, true),
                      eq(attachments.filenameSealed, false),
                    ),
                  ),
              ),
            ),
        options.skip.length > 0 ? notInArray(conversations.id, options.skip) : undefined,
      ),
    )
    .orderBy(asc(conversations.id))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

/** How many of the user's conversations are encrypted and plain, per context. */
export async function countConversationsByContext(db: Database, userId: string) {
  return db
    .select({
      organizationId: conversations.organizationId,
      encrypted: conversations.encrypted,
      count: count(),
    })
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .groupBy(conversations.organizationId, conversations.encrypted);
}

/** Records a change of the user's encryption for the sync job (in the caller's transaction). */
export async function markSyncPending(db: Database, userId: string): Promise<void> {
  // The row lock orders concurrent changes, and the caller's check for a live job with them.
  const [before] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!before) return;
  await db
    .update(users)
    .set({
      encryptionSyncPending: true,
      encryptionSyncVersion: sql`${users.encryptionSyncVersion} + 1`,
    })
    .where(eq(users.id, userId));
}

/**
 * Ends the sync when no change came since `version` was read: clears the pending mark and,
 * when the credential was being removed, the key itself. False: run another pass.
 */
export async function finishSync(
  db: Database,
  options: { userId: string; version: number; removeKey: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(users)
      .set({ encryptionSyncPending: false })
      .where(and(eq(users.id, options.userId), eq(users.encryptionSyncVersion, options.version)))
      .returning({ id: users.id });
    if (ended.length === 0) return false;
    if (options.removeKey) {
      // Locked first: a conversation being made under the key finishes before the check.
      await tx
        .select({ userId: encryptionKeys.userId })
        .from(encryptionKeys)
        .where(eq(encryptionKeys.userId, options.userId))
        .for('update');
      // The key goes only when nothing anywhere is sealed under it any more.
      const [left] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.userId, options.userId), eq(conversations.encrypted, true)))
        .limit(1);
      if (left) throw new Error('encrypted conversations remain: the key is kept');
      await tx.delete(encryptionKeys).where(eq(encryptionKeys.userId, options.userId));
    }
    return true;
  });
}
