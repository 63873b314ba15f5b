import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  memberships,
  organizations,
  organizationTokenUsage,
  users,
  type MembershipRow,
} from '../../db/schema';

/** Members listed at once; an organization larger than this searches. */
export const MEMBER_LIST_LIMIT = 1000;

/** An organization's members with this month's tokens, by name then e-mail. */
export async function listMembers(options: {
  db: Database;
  organizationId: string;
  month: string;
  search?: string;
  membershipId?: string;
}) {
  const { db, organizationId, month, search, membershipId } = options;
  const pattern = search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
  return db
    .select({
      membership: memberships,
      user: {
        id: users.id,
        name: users.name,
        surname: users.surname,
        email: users.email,
        avatarKey: users.avatarKey,
      },
      usage: sql<number>`coalesce(${organizationTokenUsage.tokens}, 0)`.mapWith(Number),
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
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
        pattern
          ? or(
              ilike(users.email, pattern),
              ilike(users.name, pattern),
              ilike(users.surname, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.surname), asc(users.name), asc(users.email))
    .limit(MEMBER_LIST_LIMIT);
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
