import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { OrganizationRole } from '@themis/shared';
import { batchedRead } from '../db/batched';
import { isUuid } from '../ids';
import type { Database } from '../db/client';
import {
  attachments,
  billingAccounts,
  conversations,
  conversationShares,
  memberships,
  messages,
  organizations,
  paymentCards,
  payments,
  type ConversationRow,
  type ConversationShareRow,
} from '../db/schema';
import type { Owned, SharedLinkRecord } from './policies';

const readConversations = batchedRead(async (db, ids: string[]) => {
  const rows = await db
    .select()
    .from(conversations)
    .where(sql`${conversations.id} = any(${sql.param(ids.filter(isUuid))}::uuid[])`);
  return new Map(rows.map((row) => [row.id, row]));
});

/**
 * The whole row: the decision needs its owner, and the caller often its other columns. Reads of
 * the same turn are one statement (a burst of questions checks a conversation each); an id that
 * is not a UUID reads as none rather than failing the others'.
 */
export function findConversationRecord(
  db: Database,
  conversationId: string,
): Promise<(ConversationRow & Owned) | undefined> {
  // Rows come back under the database's spelling of their id, in small letters.
  return readConversations(db, conversationId.toLowerCase());
}

export async function findMessageOwner(
  db: Database,
  messageId: string,
): Promise<(Owned & { id: string; conversationId: string }) | undefined> {
  const [row] = await db
    .select({
      id: conversations.id,
      userId: conversations.userId,
      organizationId: conversations.organizationId,
      conversationId: messages.conversationId,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId));
  return row;
}

export async function findAttachmentOwner(
  db: Database,
  attachmentId: string,
): Promise<(Owned & { conversationId: string | null }) | undefined> {
  const [row] = await db
    .select({
      userId: attachments.userId,
      organizationId: attachments.organizationId,
      conversationId: attachments.conversationId,
    })
    .from(attachments)
    .where(eq(attachments.id, attachmentId));
  return row;
}

/** The user's role in an active organization, or null when they are not its member. */
export async function findMembershipRole(
  db: Database,
  options: { userId: string; organizationId: string },
): Promise<OrganizationRole | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      and(
        eq(memberships.organizationId, options.organizationId),
        eq(memberships.userId, options.userId),
        eq(organizations.status, 'active'),
      ),
    );
  return row?.role ?? null;
}

/** Whether an organization lets conversations out as files; false once it is gone. */
export async function findExportAllowed(db: Database, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ allowed: organizations.exportAllowed })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.status, 'active')));
  return row?.allowed ?? false;
}

export type SharedLinkAccessRecord = SharedLinkRecord & ConversationShareRow;

/** A link by its id or by its secret's digest, with what decides who may open it. */
export async function findSharedLinkRecord(
  db: Database,
  by: { id: string } | { secretHash: string },
): Promise<SharedLinkAccessRecord | undefined> {
  const [row] = await db
    .select({
      ...getTableColumns(conversationShares),
      organizationStatus: organizations.status,
      sharingOutsideAllowed: organizations.sharingOutsideAllowed,
      exportAllowed: organizations.exportAllowed,
    })
    .from(conversationShares)
    .leftJoin(organizations, eq(organizations.id, conversationShares.organizationId))
    .where(
      'id' in by
        ? eq(conversationShares.id, by.id)
        : eq(conversationShares.secretHash, by.secretHash),
    );
  if (!row) return undefined;
  const { organizationStatus, sharingOutsideAllowed, exportAllowed, ...link } = row;
  return {
    ...link,
    organization:
      link.organizationId === null
        ? null
        : {
            active: organizationStatus === 'active',
            sharingOutsideAllowed: sharingOutsideAllowed ?? false,
            exportAllowed: exportAllowed ?? false,
          },
  };
}

/** The owner of a billing account that a card or a payment belongs to. */
export async function findBillingRecordOwner(
  db: Database,
  record: { kind: 'card' | 'payment'; id: string },
): Promise<
  { accountId: string; userId: string | null; organizationId: string | null } | undefined
> {
  const table = record.kind === 'card' ? paymentCards : payments;
  const [row] = await db
    .select({
      accountId: billingAccounts.id,
      userId: billingAccounts.userId,
      organizationId: billingAccounts.organizationId,
    })
    .from(table)
    .innerJoin(billingAccounts, eq(billingAccounts.id, table.accountId))
    .where(eq(table.id, record.id));
  return row;
}
