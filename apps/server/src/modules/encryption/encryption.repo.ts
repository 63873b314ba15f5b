import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { UNLOCK_RULES, type EncryptedConversationsAction } from '@themis/shared';
import { batchedRead } from '../../db/batched';
import type { Database } from '../../db/client';
import {
  conversations,
  encryptionKeys,
  memberships,
  organizations,
  sessions,
  users,
  type EncryptionKeyRow,
} from '../../db/schema';

type EncryptionKeyInsert = typeof encryptionKeys.$inferInsert;

export async function findEncryptionKey(
  db: Database,
  userId: string,
): Promise<EncryptionKeyRow | undefined> {
  const [row] = await db.select().from(encryptionKeys).where(eq(encryptionKeys.userId, userId));
  return row;
}

/**
 * Counts an unlock attempt before it is checked, so parallel guesses cannot all pass one
 * check: the attempt that reaches the free ones sets the next wait at once, and is cleared
 * only if it turns out right. Undefined when unlocking must wait (the row says until when).
 */
export async function reserveUnlockAttempt(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<EncryptionKeyRow | undefined> {
  const { db, userId, now } = options;
  const { freeAttempts, firstBlockMs, maxBlockMs } = UNLOCK_RULES;
  const attempts = sql<number>`${encryptionKeys.failedAttempts} + 1`;
  // 1, 2, 4… minutes from the attempt that uses up the free ones, at most a day.
  const blockMs = sql`least(${maxBlockMs}::bigint, ${firstBlockMs}::bigint * power(2, greatest(${attempts} - ${freeAttempts}, 0))::bigint)`;
  const [row] = await db
    .update(encryptionKeys)
    .set({
      failedAttempts: attempts,
      blockedUntil: sql`case when ${attempts} >= ${freeAttempts}
        then ${now.toISOString()}::timestamptz + (${blockMs} * interval '1 millisecond')
        else null end`,
    })
    .where(
      and(
        eq(encryptionKeys.userId, userId),
        or(isNull(encryptionKeys.blockedUntil), lte(encryptionKeys.blockedUntil, now)),
      ),
    )
    .returning();
  return row;
}

export async function clearUnlockAttempts(db: Database, userId: string): Promise<void> {
  await db
    .update(encryptionKeys)
    .set({ failedAttempts: 0, blockedUntil: null })
    .where(eq(encryptionKeys.userId, userId));
}

/**
 * Whether the user has encrypted conversations in an organization that forces encryption:
 * what removing their credential with DECRYPT would leave readable against its rule.
 */
export async function hasConversationsSealedByForce(db: Database, userId: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(organizations, eq(organizations.id, conversations.organizationId))
    .innerJoin(
      memberships,
      and(
        eq(memberships.organizationId, conversations.organizationId),
        eq(memberships.userId, userId),
      ),
    )
    .where(
      and(
        eq(conversations.userId, userId),
        eq(conversations.encrypted, true),
        eq(organizations.encryptionForced, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The user's switch and sync state with their credential's type and removal, if any. */
export async function readEncryptionState(options: { db: Database; userId: string }) {
  const [row] = await options.db
    .select({
      enabled: users.encryptionEnabled,
      syncPending: users.encryptionSyncPending,
      keyType: encryptionKeys.keyType,
      removal: encryptionKeys.removal,
    })
    .from(users)
    .leftJoin(encryptionKeys, eq(encryptionKeys.userId, users.id))
    .where(eq(users.id, options.userId));
  return row;
}

/** The user's first credential: false when another request stored one meanwhile. */
export async function insertEncryptionKey(options: {
  db: Database;
  values: EncryptionKeyInsert;
}): Promise<boolean> {
  const [inserted] = await options.db
    .insert(encryptionKeys)
    .values(options.values)
    .onConflictDoNothing()
    .returning({ userId: encryptionKeys.userId });
  return inserted !== undefined;
}

export async function updateEncryptionKey(options: {
  db: Database;
  userId: string;
  set: Partial<EncryptionKeyInsert>;
}): Promise<void> {
  await options.db
    .update(encryptionKeys)
    .set(options.set)
    .where(eq(encryptionKeys.userId, options.userId));
}

/** Whether the credential is being removed, its row shared-locked against a removal starting. */
export async function lockKeyRemoval(options: {
  db: Database;
  userId: string;
}): Promise<{ removal: EncryptedConversationsAction | null } | undefined> {
  const [key] = await options.db
    .select({ removal: encryptionKeys.removal })
    .from(encryptionKeys)
    .where(eq(encryptionKeys.userId, options.userId))
    .for('share');
  return key;
}

/** When the session ends, if it exists. */
export async function findSessionExpiry(options: {
  db: Database;
  sessionId: string;
}): Promise<Date | undefined> {
  const [session] = await options.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, options.sessionId));
  return session?.expiresAt;
}

/** Whether each user has encryption on in their own context. Batched: one statement a turn. */
export const readOwnEncryptionEnabled = batchedRead(async (db, userIds: string[]) => {
  const rows = await db
    .select({ id: users.id, enabled: users.encryptionEnabled })
    .from(users)
    .where(sql`${users.id} = any(${sql.param(userIds)}::uuid[])`);
  return new Map(rows.map((row) => [row.id, row.enabled]));
});

/**
 * Whether each membership, keyed by "userId organizationId", has encryption on or its
 * organization forces it. Batched: one statement a turn.
 */
export const readMemberEncryptionEnabled = batchedRead(async (db, pairs: string[]) => {
  const [userIds, organizationIds] = [0, 1].map((part) =>
    pairs.map((pair) => pair.split(' ')[part]!),
  );
  const rows = await db
    .select({
      userId: memberships.userId,
      organizationId: memberships.organizationId,
      enabled: sql<boolean>`${memberships.encryptionEnabled} or ${organizations.encryptionForced}`,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      sql`(${memberships.userId}, ${memberships.organizationId}) in
        (select * from unnest(${sql.param(userIds)}::uuid[], ${sql.param(organizationIds)}::uuid[]))`,
    );
  return new Map(rows.map((row) => [`${row.userId} ${row.organizationId}`, row.enabled]));
});
