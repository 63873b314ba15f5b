import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Scope } from '../../access/actor';
import type { Database } from '../../db/client';
import { attachments, conversations, messages } from '../../db/schema';

/** A conversation's row under a share lock: the encryption job cannot change it meanwhile. */
export async function lockConversationForReading(db: Database, id: string) {
  const [row] = await db
    .select({ id: conversations.id, name: conversations.name, encrypted: conversations.encrypted })
    .from(conversations)
    .where(eq(conversations.id, id))
    .for('share');
  return row;
}

/**
 * The shown branch's finished messages in order (an answer still being written is left out),
 * each with the id its files are bound to (an edited question's are its first version's).
 */
export async function finishedMessages(db: Database, conversationId: string) {
  return db
    .select({
      id: messages.id,
      filesOwnerId: sql<string>`coalesce(${messages.filesFromId}, ${messages.id})`,
      role: messages.role,
      content: messages.content,
      status: messages.status,
      errorCode: messages.errorCode,
      modelId: messages.modelId,
      createdAt: messages.createdAt,
      sealed: messages.sealed,
      feedbackComment: messages.feedbackComment,
    })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.shown, true),
        ne(messages.status, 'streaming'),
      ),
    )
    .orderBy(asc(messages.seq));
}

/** The names and types of the files of these messages, in the order they were attached. */
export async function attachmentNames(db: Database, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: attachments.id,
      messageId: attachments.messageId,
      filename: attachments.filename,
      filenameSealed: attachments.filenameSealed,
      sealed: attachments.sealed,
      mediaType: attachments.mediaType,
    })
    .from(attachments)
    .where(inArray(attachments.messageId, messageIds))
    .orderBy(attachments.createdAt, attachments.id);
}

export interface CopiedMessage {
  id: string;
  role: 'user' | 'assistant';
  /** Sealed when the conversation is encrypted. */
  content: string;
  status: 'complete' | 'cancelled' | 'error';
  errorCode: 'message_generating_error' | null;
  modelId: string | null;
}

// Within PostgreSQL's limit of bound parameters per statement.
const INSERT_BATCH = 500;

/** A conversation made from copied messages, in one go (the caller's transaction). */
export async function insertConversationWithMessages(options: {
  db: Database;
  scope: Scope;
  id: string;
  name: string;
  /** The copied name stands; an empty one is then given by the next question. */
  nameSetByUser: boolean;
  encrypted: boolean;
  messages: CopiedMessage[];
}) {
  const { db, scope, id } = options;
  await db.insert(conversations).values({
    id,
    userId: scope.userId,
    organizationId: scope.organizationId,
    name: options.name,
    nameSetByUser: options.nameSetByUser,
    encrypted: options.encrypted,
  });
  for (let start = 0; start < options.messages.length; start += INSERT_BATCH) {
    await db.insert(messages).values(
      options.messages.slice(start, start + INSERT_BATCH).map((message, index) => ({
        ...message,
        // One branch: each message follows the one before it.
        parentId: options.messages[start + index - 1]?.id ?? null,
        conversationId: id,
        userId: scope.userId,
        organizationId: scope.organizationId,
        sealed: options.encrypted,
      })),
    );
  }
}
