import { and, eq } from 'drizzle-orm';
import type { BillingOwner } from '../../access/billing-owner';
import type { Database } from '../../db/client';
import { memberships, organizations, users } from '../../db/schema';

/** The person who pays for the owner: the user, or the organization's owner. */
export async function findPayer(options: {
  db: Database;
  owner: BillingOwner;
}): Promise<{ email: string; language: string } | undefined> {
  const { db, owner } = options;
  const columns = { email: users.email, language: users.language };
  const [person] =
    owner.kind === 'user'
      ? await db.select(columns).from(users).where(eq(users.id, owner.userId))
      : await db
          .select(columns)
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(
            and(
              eq(memberships.organizationId, owner.organizationId),
              eq(memberships.role, 'OWNER'),
            ),
          );
  return person;
}

/** Whether the owner is still there: the account exists, or the organization is active. */
export async function isOwnerActive(options: {
  db: Database;
  owner: BillingOwner;
}): Promise<boolean> {
  const { db, owner } = options;
  if (owner.kind === 'user') {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, owner.userId));
    return row !== undefined;
  }
  const [row] = await db
    .select({ status: organizations.status })
    .from(organizations)
    .where(eq(organizations.id, owner.organizationId));
  return row?.status === 'active';
}
