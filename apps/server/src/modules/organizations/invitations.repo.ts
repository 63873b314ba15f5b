import { and, desc, eq, getTableColumns, gte, ilike, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  invitations,
  memberships,
  organizations,
  users,
  type InvitationRow,
} from '../../db/schema';
import { timeKeyOf, type TimeKey } from '../../keyset-cursor';

/** Which of `emails` already belong to members of the organization. */
export async function findMemberEmails(options: {
  db: Database;
  organizationId: string;
  emails: string[];
}): Promise<string[]> {
  if (options.emails.length === 0) return [];
  const rows = await options.db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, options.organizationId),
        inArray(users.email, options.emails),
      ),
    );
  return rows.map((row) => row.email);
}

/** Which of `emails` have an open invitation to the organization. */
export async function findOpenInvitationEmails(options: {
  db: Database;
  organizationId: string;
  emails: string[];
}): Promise<string[]> {
  const rows = await options.db
    .select({ email: invitations.email })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, options.organizationId),
        eq(invitations.status, 'sent'),
        inArray(invitations.email, options.emails),
      ),
    );
  return rows.map((row) => row.email);
}

/** The accounts among `emails`, with the language their e-mails are written in. */
export async function findAccountsByEmail(db: Database, emails: string[]) {
  return db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(inArray(users.email, emails));
}

/** An invitation as its invitee reads it: with the organization's and the inviter's names. */
export type ReceivedInvitationRow = InvitationRow & {
  organizationName: string;
  /** Null once the inviter's account is gone. */
  inviter: { name: string | null; surname: string | null; email: string } | null;
};

const RECEIVED_COLUMNS = {
  invitation: invitations,
  organizationName: organizations.name,
  inviterName: users.name,
  inviterSurname: users.surname,
  inviterEmail: users.email,
};

function receivedRow(row: {
  invitation: InvitationRow;
  organizationName: string;
  inviterName: string | null;
  inviterSurname: string | null;
  inviterEmail: string | null;
}): ReceivedInvitationRow {
  const { inviterName: name, inviterSurname: surname, inviterEmail: email } = row;
  return {
    ...row.invitation,
    organizationName: row.organizationName,
    inviter: email === null ? null : { name, surname, email },
  };
}

export async function findInvitation(
  db: Database,
  invitationId: string,
): Promise<ReceivedInvitationRow | undefined> {
  const [row] = await db
    .select(RECEIVED_COLUMNS)
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedById))
    .where(and(eq(invitations.id, invitationId), eq(organizations.status, 'active')));
  return row && receivedRow(row);
}

/** Open invitations to `email` that have not expired, newest first. */
export async function listOpenInvitationsTo(options: { db: Database; email: string; now: Date }) {
  const rows = await options.db
    .select(RECEIVED_COLUMNS)
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedById))
    .where(
      and(
        eq(invitations.email, options.email),
        eq(invitations.status, 'sent'),
        gte(invitations.expiresAt, options.now),
        eq(organizations.status, 'active'),
      ),
    )
    .orderBy(desc(invitations.createdAt));
  return rows.map(receivedRow);
}

/**
 * A page of an organization's invitations, newest first, filtered by e-mail and creation date:
 * `limit` rows after `after`. The order and the key condition follow
 * invitations_organization_created_idx (organization_id, created_at, id) read backwards, so a
 * deep page is an index range rather than an offset, and the filters only drop rows from that
 * range. Exported as a query so that its plan can be checked.
 */
export function invitationPageQuery(options: {
  db: Database;
  organizationId: string;
  search?: string;
  from?: string;
  to?: string;
  after?: TimeKey;
  limit: number;
}) {
  const { db, organizationId, search, from, to, after } = options;
  const escaped = search?.replace(/[\\%_]/g, (char) => `\\${char}`);
  return db
    .select({ ...getTableColumns(invitations), key: timeKeyOf(invitations.createdAt) })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        escaped ? ilike(invitations.email, `%${escaped}%`) : undefined,
        from ? gte(invitations.createdAt, new Date(`${from}T00:00:00Z`)) : undefined,
        // The whole last day.
        to
          ? lt(invitations.createdAt, sql`${`${to}T00:00:00Z`}::timestamptz + interval '1 day'`)
          : undefined,
        after
          ? sql`(${invitations.createdAt}, ${invitations.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(options.limit);
}

export function insertInvitations(options: {
  db: Database;
  values: (typeof invitations.$inferInsert)[];
}): Promise<InvitationRow[]> {
  return options.db.insert(invitations).values(options.values).returning();
}

/**
 * Changes an invitation that is still open ('sent'); undefined when it no longer is (answered
 * or revoked meanwhile).
 */
export async function updateOpenInvitation(options: {
  db: Database;
  invitationId: string;
  set: Partial<typeof invitations.$inferInsert>;
}): Promise<InvitationRow | undefined> {
  const [row] = await options.db
    .update(invitations)
    .set(options.set)
    .where(and(eq(invitations.id, options.invitationId), eq(invitations.status, 'sent')))
    .returning();
  return row;
}

/** The invited user joins the organization: false when they already are a member. */
export async function insertMembership(options: {
  db: Database;
  organizationId: string;
  userId: string;
  role: InvitationRow['role'];
}): Promise<boolean> {
  const { db, ...values } = options;
  const [joined] = await db
    .insert(memberships)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: memberships.id });
  return joined !== undefined;
}
