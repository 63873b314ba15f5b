import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';

/**
 * Stores a reset link for the account of the address, finding it in the same insert: stores
 * nothing (and answers undefined) when no account has the address.
 */
export async function insertResetTokenForEmail(options: {
  db: Database;
  email: string;
  tokenHash: string;
  expiresAt: Date;
}): Promise<{ userId: string } | undefined> {
  const { db, email, tokenHash, expiresAt } = options;
  const [stored] = await db
    .insert(passwordResetTokens)
    .select((qb) =>
      qb
        // Every column in the table's order, as an insert from a select needs them.
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          userId: users.id,
          tokenHash: sql<string>`${tokenHash}`.as('token_hash'),
          expiresAt: sql<Date>`${expiresAt.toISOString()}::timestamptz`.as('expires_at'),
          usedAt: sql<Date | null>`null::timestamptz`.as('used_at'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(users)
        .where(eq(users.email, email)),
    )
    .returning({ userId: passwordResetTokens.userId });
  return stored;
}

/** A reset link neither used nor expired. */
export async function findUsableResetToken(options: {
  db: Database;
  tokenHash: string;
  now: Date;
}) {
  const [row] = await options.db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, options.tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, options.now),
      ),
    );
  return row;
}

/** Uses up one link unless it already was: false when another request used it first. */
export async function useResetToken(options: {
  db: Database;
  tokenId: string;
  now: Date;
}): Promise<boolean> {
  const used = await options.db
    .update(passwordResetTokens)
    .set({ usedAt: options.now })
    .where(and(eq(passwordResetTokens.id, options.tokenId), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return used.length > 0;
}

/** Uses up every link of the user still unused. */
export async function useUserResetTokens(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<void> {
  await options.db
    .update(passwordResetTokens)
    .set({ usedAt: options.now })
    .where(and(eq(passwordResetTokens.userId, options.userId), isNull(passwordResetTokens.usedAt)));
}
