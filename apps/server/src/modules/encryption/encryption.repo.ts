import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { UNLOCK_RULES } from '@themis/shared';
import type { Database } from '../../db/client';
import {
  conversations,
  encryptionKeys,
  memberships,
  organizations,
  type EncryptionKeyRow,
} from '../../db/schema';

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
