import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrganizationRole } from '@themis/shared';
import type { Database } from '../../db/client';
import { memberships, organizations, users, type OrganizationRow } from '../../db/schema';

export interface OrganizationView {
  organization: OrganizationRow;
  membershipId: string;
  role: OrganizationRole;
  encryptionEnabled: boolean;
  membersCount: number;
}

const membersCount = sql<number>`(
  select count(*)::int from ${memberships} m where m.organization_id = ${organizations.id}
)`;

const viewColumns = {
  organization: organizations,
  membershipId: memberships.id,
  role: memberships.role,
  encryptionEnabled: memberships.encryptionEnabled,
  membersCount,
};

/** The user's memberships in active organizations, oldest first. */
export async function listMemberships(options: {
  db: Database;
  userId: string;
  organizationId?: string;
}): Promise<OrganizationView[]> {
  const { db, userId, organizationId } = options;
  return db
    .select(viewColumns)
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(organizations.status, 'active'),
        organizationId ? eq(organizations.id, organizationId) : undefined,
      ),
    )
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
}

/** Creates the organization with its creator as OWNER, and makes it their context. */
export async function insertOrganizationWithOwner(options: {
  db: Database;
  userId: string;
  name: string;
}): Promise<OrganizationRow> {
  const { db, userId, name } = options;
  return db.transaction(async (tx) => {
    const [organization] = await tx.insert(organizations).values({ name }).returning();
    await tx
      .insert(memberships)
      .values({ organizationId: organization!.id, userId, role: 'OWNER' });
    await setCurrentOrganization({ db: tx, userId, organizationId: organization!.id });
    return organization!;
  });
}

export async function setOrganizationLogo(options: {
  db: Database;
  organizationId: string;
  avatarKey: string | null;
}): Promise<void> {
  await options.db
    .update(organizations)
    .set({ avatarKey: options.avatarKey, updatedAt: sql`now()` })
    .where(eq(organizations.id, options.organizationId));
}

/** Makes the organization (or null: their own) the user's context; entering it is activity. */
export async function setCurrentOrganization(options: {
  db: Database;
  userId: string;
  organizationId: string | null;
}): Promise<void> {
  const { db, userId, organizationId } = options;
  await db.update(users).set({ currentOrganizationId: organizationId }).where(eq(users.id, userId));
  if (organizationId === null) return;
  await db
    .update(memberships)
    .set({ lastActivityAt: sql`now()` })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

/** An active organization's logo key, if the user is its member: what they may see. */
export async function findVisibleLogo(options: {
  db: Database;
  userId: string;
  fileId: string;
}): Promise<string | null> {
  const [row] = await options.db
    .select({ avatarKey: organizations.avatarKey })
    .from(organizations)
    .innerJoin(
      memberships,
      and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, options.userId)),
    )
    .where(
      and(
        eq(organizations.status, 'active'),
        sql`${organizations.avatarKey} like ${`%/${options.fileId}.webp`}`,
      ),
    )
    .limit(1);
  return row?.avatarKey ?? null;
}

export async function findOrganizationName(
  db: Database,
  organizationId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name;
}

/** Updates the organization; returns the row as it was before, or undefined if it is gone. */
export async function updateOrganizationRow(options: {
  db: Database;
  organizationId: string;
  values: Partial<
    Pick<
      OrganizationRow,
      'name' | 'allowedModels' | 'sharingOutsideAllowed' | 'exportAllowed' | 'avatarKey'
    >
  >;
}): Promise<OrganizationRow | undefined> {
  const { db, organizationId, values } = options;
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select()
      .from(organizations)
      .where(and(eq(organizations.id, organizationId), eq(organizations.status, 'active')))
      .for('update');
    if (!previous) return undefined;
    await tx
      .update(organizations)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(organizations.id, organizationId));
    return previous;
  });
}

export async function listMemberIds(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.organizationId, organizationId));
  return rows.map((row) => row.userId);
}
