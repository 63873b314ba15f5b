import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ConfirmationKind } from '@themis/shared';
import type { Database } from '../../db/client';
import { verificationCodes } from '../../db/schema';

type CodeOwner = { db: Database; userId: string; kind: ConfirmationKind };

const ofKind = (options: CodeOwner) =>
  and(eq(verificationCodes.userId, options.userId), eq(verificationCodes.kind, options.kind));

/** When the user's latest code of the kind was sent, if one ever was. */
export async function latestCodeSentAt(options: CodeOwner): Promise<Date | undefined> {
  const [latest] = await options.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(ofKind(options))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return latest?.createdAt;
}

/** Uses up every unused code of the kind, as a new one replaces them. */
export async function consumeUnusedCodes(options: CodeOwner & { now: Date }): Promise<void> {
  await options.db
    .update(verificationCodes)
    .set({ consumedAt: options.now })
    .where(and(ofKind(options), isNull(verificationCodes.consumedAt)));
}

export async function insertCode(
  options: CodeOwner & { codeHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await options.db.insert(verificationCodes).values({
    userId: options.userId,
    kind: options.kind,
    codeHash: options.codeHash,
    expiresAt: options.expiresAt,
    createdAt: options.now,
  });
}

/** The latest unused code of the kind, locked for the rest of the transaction. */
export async function lockLatestUnusedCode(options: CodeOwner) {
  const [current] = await options.db
    .select()
    .from(verificationCodes)
    .where(and(ofKind(options), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('update');
  return current;
}

export async function setCodeAttempts(options: {
  db: Database;
  codeId: string;
  attempts: number;
}): Promise<void> {
  await options.db
    .update(verificationCodes)
    .set({ attempts: options.attempts })
    .where(eq(verificationCodes.id, options.codeId));
}

export async function markCodeConsumed(options: {
  db: Database;
  codeId: string;
  now: Date;
}): Promise<void> {
  await options.db
    .update(verificationCodes)
    .set({ consumedAt: options.now })
    .where(eq(verificationCodes.id, options.codeId));
}
