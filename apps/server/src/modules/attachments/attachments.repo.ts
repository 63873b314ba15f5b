import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attachments, conversations, type AttachmentRow } from '../../db/schema';

const unsentIn = (userId: string, conversationId: string) =>
  and(
    eq(attachments.userId, userId),
    eq(attachments.conversationId, conversationId),
    isNull(attachments.messageId),
  );

/** How many of the user's files wait in the conversation for the next question. */
export async function countUnsentAttachments(options: {
  db: Database;
  userId: string;
  conversationId: string;
}): Promise<number> {
  const [row] = await options.db
    .select({ count: sql<number>`count(*)::int` })
    .from(attachments)
    .where(unsentIn(options.userId, options.conversationId));
  return row?.count ?? 0;
}

/** The user's conversation, locked for the rest of the transaction. */
export async function lockOwnConversation(options: {
  db: Database;
  userId: string;
  conversationId: string;
}): Promise<{ id: string; organizationId: string | null; encrypted: boolean } | undefined> {
  const [conversation] = await options.db
    .select({
      id: conversations.id,
      organizationId: conversations.organizationId,
      encrypted: conversations.encrypted,
    })
    .from(conversations)
    .where(
      and(eq(conversations.id, options.conversationId), eq(conversations.userId, options.userId)),
    )
    .for('update');
  return conversation;
}

export async function insertAttachment(options: {
  db: Database;
  values: typeof attachments.$inferInsert;
}): Promise<AttachmentRow> {
  const [inserted] = await options.db.insert(attachments).values(options.values).returning();
  return inserted!;
}

/** Removes an attachment not yet sent; returns its file's key, undefined when there was none. */
export async function deleteUnsentAttachment(options: {
  db: Database;
  attachmentId: string;
}): Promise<string | undefined> {
  const [row] = await options.db
    .delete(attachments)
    .where(and(eq(attachments.id, options.attachmentId), isNull(attachments.messageId)))
    .returning({ storageKey: attachments.storageKey });
  return row?.storageKey;
}

/** Those of the attachments that wait unsent in the user's conversation. */
export function listUnsentAttachments(options: {
  db: Database;
  userId: string;
  conversationId: string;
  attachmentIds: string[];
}): Promise<AttachmentRow[]> {
  return options.db
    .select()
    .from(attachments)
    .where(
      and(
        unsentIn(options.userId, options.conversationId),
        inArray(attachments.id, options.attachmentIds),
      ),
    );
}
