import {
  and,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Scope } from '../../access/actor';
import type { Database } from '../../db/client';
import { attachments, conversations, messages } from '../../db/schema';
import type {
  AttachmentView,
  ConversationView,
  MessageView,
} from '../../presenters/chat.presenter';
import { inScope as inContextScope } from '../../repos/context-scope';
import { versionColumns } from '../../repos/message-versions';

/** Where a page of conversations continues: the last row's exact updated_at and id. */
export interface ConversationKey {
  /** updated_at in microseconds as PostgreSQL keeps it ('…T12:00:00.123456Z'). */
  at: string;
  id: string;
}

const conversationColumns = {
  id: conversations.id,
  name: conversations.name,
  encrypted: conversations.encrypted,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
  // Written out: drizzle leaves columns unqualified in a select list, which the subquery
  // would resolve against messages.
  isStreaming: sql<boolean>`exists (select 1 from messages m where m.conversation_id = conversations.id and m.status = 'streaming')`,
};

const { search: _search, ...tableColumns } = getTableColumns(messages);
const messageColumns = { ...tableColumns, ...versionColumns };

// Queries by id run after the access layer has allowed the actor that record; lists are
// read within the actor's scope.
const inScope = (scope: Scope) => inContextScope(conversations, scope);

export async function insertConversation(options: {
  db: Database;
  scope: Scope;
  id: string;
  /** Sealed when `encrypted`. */
  name: string;
  encrypted: boolean;
}): Promise<ConversationView> {
  const [row] = await options.db
    .insert(conversations)
    .values({
      id: options.id,
      userId: options.scope.userId,
      organizationId: options.scope.organizationId,
      name: options.name,
      encrypted: options.encrypted,
    })
    .returning({
      id: conversations.id,
      name: conversations.name,
      encrypted: conversations.encrypted,
      createdAt: conversations.createdAt,
      updatedAt: conversations.updatedAt,
    });
  return { ...row!, isStreaming: false };
}

export async function findConversation(options: {
  db: Database;
  id: string;
}): Promise<ConversationView | undefined> {
  const [row] = await options.db
    .select(conversationColumns)
    .from(conversations)
    .where(eq(conversations.id, options.id));
  return row;
}

/**
 * Newest activity first, `limit` rows after `after`. The order and the key condition follow
 * conversations_user_updated_idx (user_id, updated_at desc, id), so a deep page is an index
 * range scan rather than an offset. Exported as a query so its plan can be checked.
 */
export function conversationPageQuery(options: {
  db: Database;
  scope: Scope;
  after?: ConversationKey;
  limit: number;
}) {
  const { db, scope, after, limit } = options;
  const at = after && sql`${after.at}::timestamptz`;
  return (
    db
      .select({
        ...conversationColumns,
        key: sql<string>`to_char(conversations.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(conversations)
      .where(
        and(
          inScope(scope),
          at && after
            ? and(
                lte(conversations.updatedAt, at),
                or(lt(conversations.updatedAt, at), gt(conversations.id, after.id)),
              )
            : undefined,
        ),
      )
      // NULLS LAST as in the index (drizzle's .desc() there): otherwise PostgreSQL sorts instead.
      .orderBy(sql`${conversations.updatedAt} desc nulls last`, conversations.id)
      .limit(limit)
  );
}

/** Renames without touching updated_at: a rename is not activity. */
export async function renameConversation(options: {
  db: Database;
  id: string;
  name: string;
  /** Whether `name` is sealed: the row must still be encrypted, or still plain. */
  encrypted: boolean;
}): Promise<boolean> {
  const rows = await options.db
    .update(conversations)
    .set({ name: options.name, nameSetByUser: true })
    .where(and(eq(conversations.id, options.id), eq(conversations.encrypted, options.encrypted)))
    .returning({ id: conversations.id });
  return rows.length > 0;
}

/**
 * Deletes the conversation (its messages and attachment rows go by cascade) and returns the
 * storage keys of its files, or null when the user has no such conversation.
 */
export async function deleteConversation(options: {
  db: Database;
  id: string;
}): Promise<string[] | null> {
  const { id } = options;
  return options.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, id))
      .for('update');
    if (!found) return null;
    const files = await tx
      .select({ key: attachments.storageKey })
      .from(attachments)
      .where(eq(attachments.conversationId, id));
    await tx.delete(conversations).where(eq(conversations.id, id));
    return files.map((file) => file.key);
  });
}

/** The shown branch's newest `limit` messages below `beforeSeq`, newest first. */
export function messagePageQuery(options: {
  db: Database;
  conversationId: string;
  beforeSeq?: number;
  limit: number;
}) {
  const { db, conversationId, beforeSeq, limit } = options;
  return db
    .select(messageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.shown, true),
        beforeSeq === undefined ? undefined : lt(messages.seq, beforeSeq),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(limit);
}

/** The shown branch's oldest `limit` messages from `fromSeq` on, oldest first. */
export function newerMessagesQuery(options: {
  db: Database;
  conversationId: string;
  fromSeq: number;
  limit: number;
}) {
  const { db, conversationId, fromSeq, limit } = options;
  return db
    .select(messageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.shown, true),
        gte(messages.seq, fromSeq),
      ),
    )
    .orderBy(messages.seq)
    .limit(limit);
}

/** Whether the shown branch has a message before `seq` ('before') or from `seq` on ('from'). */
export async function hasMessagesBeyond(options: {
  db: Database;
  conversationId: string;
  side: 'before' | 'from';
  seq: number;
}): Promise<boolean> {
  const { db, conversationId, side, seq } = options;
  const [row] = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.shown, true),
        side === 'before' ? lt(messages.seq, seq) : gte(messages.seq, seq),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function listMessageAttachments(options: {
  db: Database;
  messageIds: string[];
}): Promise<(AttachmentView & { filenameSealed: boolean; sealed: boolean })[]> {
  if (options.messageIds.length === 0) return [];
  return options.db
    .select({
      id: attachments.id,
      messageId: attachments.messageId,
      filename: attachments.filename,
      filenameSealed: attachments.filenameSealed,
      sealed: attachments.sealed,
      mediaType: attachments.mediaType,
      size: attachments.size,
      hasText: sql<boolean>`coalesce(${attachments.extractedText}, '') <> ''`,
    })
    .from(attachments)
    .where(inArray(attachments.messageId, options.messageIds))
    .orderBy(attachments.createdAt, attachments.id);
}

export async function findMessage(options: {
  db: Database;
  id: string;
}): Promise<MessageView | undefined> {
  const [row] = await options.db
    .select(messageColumns)
    .from(messages)
    .where(eq(messages.id, options.id));
  return row;
}

/** Replaces the feedback of a final answer; undefined when it is not (or no longer) one. */
export async function updateMessageFeedback(options: {
  db: Database;
  id: string;
  feedback: { value: 'good' | 'bad'; reason: string | null; comment: string | null };
  /** Whether `comment` is sealed: the message must still be sealed, or still plain. */
  sealed: boolean;
}): Promise<MessageView | undefined> {
  const { feedback } = options;
  const [row] = await options.db
    .update(messages)
    .set({
      feedback: feedback.value,
      feedbackReason: feedback.reason,
      feedbackComment: feedback.comment,
    })
    .where(
      and(
        eq(messages.id, options.id),
        eq(messages.role, 'assistant'),
        ne(messages.status, 'streaming'),
        eq(messages.sealed, options.sealed),
      ),
    )
    .returning(messageColumns);
  return row;
}
