import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { attachments, conversations, messages, type ConversationRow } from '../db/schema';
import type { Owned } from './policies';

// Records belong to the individual context until organizations exist: organizationId null.

/** The whole row: the decision needs its owner, and the caller often its other columns. */
export async function findConversationRecord(
  db: Database,
  conversationId: string,
): Promise<(ConversationRow & Owned) | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  return row && { ...row, organizationId: null };
}

export async function findMessageOwner(
  db: Database,
  messageId: string,
): Promise<(Owned & { id: string; conversationId: string }) | undefined> {
  const [row] = await db
    .select({
      id: conversations.id,
      userId: conversations.userId,
      conversationId: messages.conversationId,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId));
  return row && { ...row, organizationId: null };
}

export async function findAttachmentOwner(
  db: Database,
  attachmentId: string,
): Promise<(Owned & { conversationId: string | null }) | undefined> {
  const [row] = await db
    .select({ userId: attachments.userId, conversationId: attachments.conversationId })
    .from(attachments)
    .where(eq(attachments.id, attachmentId));
  return row && { ...row, organizationId: null };
}
