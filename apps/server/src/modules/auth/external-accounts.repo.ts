import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { externalAccounts, users, type UserRow } from '../../db/schema';

/** The user a provider's account is linked to. */
export async function findLinkedUser(options: {
  db: Database;
  provider: string;
  subject: string;
}): Promise<UserRow | undefined> {
  const [linked] = await options.db
    .select({ user: users })
    .from(externalAccounts)
    .innerJoin(users, eq(users.id, externalAccounts.userId))
    .where(
      and(
        eq(externalAccounts.provider, options.provider),
        eq(externalAccounts.subject, options.subject),
      ),
    );
  return linked?.user;
}

/** Links a provider's account to the user: false when it was linked meanwhile. */
export async function insertExternalAccount(options: {
  db: Database;
  userId: string;
  provider: string;
  subject: string;
  email: string;
}): Promise<boolean> {
  const { db, ...values } = options;
  const inserted = await db
    .insert(externalAccounts)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: externalAccounts.id });
  return inserted.length > 0;
}

/** Removes the user's links to one provider. */
export async function deleteExternalAccounts(options: {
  db: Database;
  userId: string;
  provider: string;
}): Promise<void> {
  await options.db
    .delete(externalAccounts)
    .where(
      and(
        eq(externalAccounts.userId, options.userId),
        eq(externalAccounts.provider, options.provider),
      ),
    );
}
