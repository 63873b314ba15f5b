import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attachments, conversations, messages } from '../../db/schema';

/** The conversation's attachment files sealed (`sealed`) or not. */
export function listConversationFiles(options: {
  db: Database;
  conversationId: string;
  sealed: boolean;
}): Promise<{ id: string; storageKey: string; type: string }[]> {
  return options.db
    .select({ id: attachments.id, storageKey: attachments.storageKey, type: attachments.mediaType })
    .from(attachments)
    .where(
      and(
        eq(attachments.conversationId, options.conversationId),
        eq(attachments.sealed, options.sealed),
      ),
    );
}

/** Every stored file key of the conversation. */
export async function listConversationFileKeys(options: {
  db: Database;
  conversationId: string;
}): Promise<string[]> {
  const rows = await options.db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(eq(attachments.conversationId, options.conversationId));
  return rows.map((row) => row.key);
}

/** The conversation's name and state, its row locked for the rest of the transaction. */
export async function lockConversationRow(options: { db: Database; conversationId: string }) {
  const [conversation] = await options.db
    .select({ name: conversations.name, encrypted: conversations.encrypted })
    .from(conversations)
    .where(eq(conversations.id, options.conversationId))
    .for('update');
  return conversation;
}

/** Whether an answer is being written into the conversation now. */
export async function hasStreamingAnswer(options: {
  db: Database;
  conversationId: string;
}): Promise<boolean> {
  const [streaming] = await options.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(eq(messages.conversationId, options.conversationId), eq(messages.status, 'streaming')),
    )
    .limit(1);
  return streaming !== undefined;
}

export async function setConversationNameAndState(options: {
  db: Database;
  conversationId: string;
  name: string;
  encrypted: boolean;
}): Promise<void> {
  await options.db
    .update(conversations)
    .set({ name: options.name, encrypted: options.encrypted })
    .where(eq(conversations.id, options.conversationId));
}

/** The texts of the conversation's messages sealed (`sealed`) or not, locked for the change. */
export function lockMessageTexts(options: {
  db: Database;
  conversationId: string;
  sealed: boolean;
}): Promise<{ id: string; content: string; feedbackComment: string | null }[]> {
  return options.db
    .select({
      id: messages.id,
      content: messages.content,
      feedbackComment: messages.feedbackComment,
    })
    .from(messages)
    .where(
      and(eq(messages.conversationId, options.conversationId), eq(messages.sealed, options.sealed)),
    )
    .for('update');
}

export async function setMessageTexts(options: {
  db: Database;
  messageId: string;
  set: { content: string; feedbackComment: string | null; sealed: boolean };
}): Promise<void> {
  await options.db.update(messages).set(options.set).where(eq(messages.id, options.messageId));
}

/** The texts of the attachments. */
export function listAttachmentTexts(options: {
  db: Database;
  attachmentIds: string[];
}): Promise<
  { id: string; filename: string; filenameSealed: boolean; extractedText: string | null }[]
> {
  return options.db
    .select({
      id: attachments.id,
      filename: attachments.filename,
      filenameSealed: attachments.filenameSealed,
      extractedText: attachments.extractedText,
    })
    .from(attachments)
    .where(inArray(attachments.id, options.attachmentIds));
}

export async function setAttachmentTexts(options: {
  db: Database;
  attachmentId: string;
  set: {
    filename: string;
    filenameSealed: boolean;
    extractedText?: string | null;
    storageKey?: string;
    sealed?: boolean;
  };
}): Promise<void> {
  await options.db
    .update(attachments)
    .set(options.set)
    .where(eq(attachments.id, options.attachmentId));
}

/** Sealed files of the conversation whose names are not sealed (sealed before names were). */
export function listSealedFilesWithPlainNames(options: {
  db: Database;
  conversationId: string;
}): Promise<{ id: string; filename: string }[]> {
  return options.db
    .select({ id: attachments.id, filename: attachments.filename })
    .from(attachments)
    .where(
      and(
        eq(attachments.conversationId, options.conversationId),
        eq(attachments.sealed, true),
        eq(attachments.filenameSealed, false),
      ),
    );
}

/** Removes the conversation with, through the foreign keys, its messages and file rows. */
export async function deleteConversationRow(options: {
  db: Database;
  conversationId: string;
}): Promise<void> {
  await options.db.delete(conversations).where(eq(conversations.id, options.conversationId));
}
