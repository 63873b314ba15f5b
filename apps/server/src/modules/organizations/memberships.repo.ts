import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { OrganizationRole } from '@themis/shared';
import type { Database } from '../../db/client';
import {
  memberships,
  organizations,
  organizationTokenUsage,
  users,
  type MembershipRow,
} from '../../db/schema';
import { timeKeyOf, type TimeKey } from '../../keyset-cursor';

/**
 * A page of an organization's members with this month's tokens, by date added then id
 * (oldest first: the owner who created it leads, and someone joining while the list is paged
 * lands at its end instead of shifting the pages already read). Not by name: the name lives
 * in users, so no index of memberships could give that order and every page would sort all
 * the organization's members. memberships_organization_created_idx (organization_id,
 * created_at, id) gives this order, so a page is an index range from `after`, each row
 * joined to its account and usage by their keys; a search only drops rows from that range.
 * `membershipId` picks one member. Exported as a query so that its plan can be checked.
 */
export function memberPageQuery(options: {
  db: Database;
  organizationId: string;
  month: string;
  search?: string;
  membershipId?: string;
  after?: TimeKey;
  limit: number;
}) {
  const { db, organizationId, month, search, membershipId, after } = options;
  const pattern = search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
  // Each member's account by its key, searched there. The LIMIT (one account per membership
  // anyway) keeps PostgreSQL from merging the subquery into the join, where a search could
  // make it read and match every account of every organization rather than this one's
  // members: the work stays the organization's size.
  const account = db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      avatarKey: users.avatarKey,
    })
    .from(users)
    .where(
      and(
        eq(users.id, memberships.userId),
        pattern
          ? or(
              ilike(users.email, pattern),
              ilike(users.name, pattern),
              ilike(users.surname, pattern),
            )
          : undefined,
      ),
    )
    .limit(1)
    .as('account');
  return db
    .select({
      membership: memberships,
      user: {
        id: account.id,
        name: account.name,
        surname: account.surname,
        email: account.email,
        avatarKey: account.avatarKey,
      },
      usage: sql<number>`coalesce(${organizationTokenUsage.tokens}, 0)`.mapWith(Number),
      // The page's key: date added in microseconds, and the membership's id.
      key: timeKeyOf(memberships.createdAt),
      id: memberships.id,
    })
    .from(memberships)
    .innerJoinLateral(account, sql`true`)
    .leftJoin(
      organizationTokenUsage,
      and(
        eq(organizationTokenUsage.organizationId, memberships.organizationId),
        eq(organizationTokenUsage.userId, memberships.userId),
        eq(organizationTokenUsage.month, month),
      ),
    )
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        membershipId ? eq(memberships.id, membershipId) : undefined,
        after
          ? sql`(${memberships.createdAt}, ${memberships.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(options.limit);
}

/** Members per role. */
export async function countRoles(db: Database, organizationId: string) {
  return db
    .select({ role: memberships.role, count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(eq(memberships.organizationId, organizationId))
    .groupBy(memberships.role);
}

/** A membership of an active organization, by id. */
export async function findMembership(
  db: Database,
  membershipId: string,
): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select({ membership: memberships })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.id, membershipId), eq(organizations.status, 'active')));
  return row?.membership;
}

/**
 * Gives the membership another role if it still has `fromRole` (a transfer made meanwhile is
 * left as is): false when it had not.
 */
export async function changeMembershipRole(options: {
  db: Database;
  membershipId: string;
  fromRole: OrganizationRole;
  toRole: OrganizationRole;
}): Promise<boolean> {
  const [updated] = await options.db
    .update(memberships)
    .set({ role: options.toRole })
    .where(and(eq(memberships.id, options.membershipId), eq(memberships.role, options.fromRole)))
    .returning({ id: memberships.id });
  return updated !== undefined;
}

/** Removes the membership if it still has `role`: false when it had not. */
export async function deleteMembership(options: {
  db: Database;
  membershipId: string;
  role: OrganizationRole;
}): Promise<boolean> {
  const [removed] = await options.db
    .delete(memberships)
    .where(and(eq(memberships.id, options.membershipId), eq(memberships.role, options.role)))
    .returning({ id: memberships.id });
  return removed !== undefined;
}

/** The user, if still the organization's owner, becomes an admin: false when they were not. */
export async function stepDownOwner(options: {
  db: Database;
  organizationId: string;
  userId: string;
}): Promise<boolean> {
  const [steppedDown] = await options.db
    .update(memberships)
    .set({ role: 'ADMIN' })
    .where(
      and(
        eq(memberships.organizationId, options.organizationId),
        eq(memberships.userId, options.userId),
        eq(memberships.role, 'OWNER'),
      ),
    )
    .returning({ id: memberships.id });
  return steppedDown !== undefined;
}

/** The membership, if still in the organization, becomes its owner: false when it was not. */
export async function promoteToOwner(options: {
  db: Database;
  organizationId: string;
  membershipId: string;
}): Promise<boolean> {
  const [promoted] = await options.db
    .update(memberships)
    .set({ role: 'OWNER' })
    .where(
      and(
        eq(memberships.id, options.membershipId),
        eq(memberships.organizationId, options.organizationId),
      ),
    )
    .returning({ id: memberships.id });
  return promoted !== undefined;
}
