import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginChallenges, users, type UserRow } from '../../db/schema';

/** The second step of a sign-in, waiting for its e-mailed code. */
export async function insertLoginChallenge(options: {
  db: Database;
  userId: string;
  tokenHash: string;
  expiresAt: Date;
}): Promise<void> {
  const { db, ...values } = options;
  await db.insert(loginChallenges).values(values);
}

/** The user of a challenge neither used nor expired. */
export async function findOpenChallengeUser(options: {
  db: Database;
  tokenHash: string;
  now: Date;
}): Promise<UserRow | undefined> {
  const [row] = await options.db
    .select({ user: users })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(
      and(
        eq(loginChallenges.tokenHash, options.tokenHash),
        isNull(loginChallenges.consumedAt),
        gt(loginChallenges.expiresAt, options.now),
      ),
    );
  return row?.user;
}

export async function consumeLoginChallenge(options: {
  db: Database;
  tokenHash: string;
  now: Date;
}): Promise<void> {
  await options.db
    .update(loginChallenges)
    .set({ consumedAt: options.now })
    .where(eq(loginChallenges.tokenHash, options.tokenHash));
}
