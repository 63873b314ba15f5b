import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  lt,
  notInArray,
  getTableColumns,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  attachments,
  conversations,
  messages,
  type ConversationRow,
  type MessageRow,
} from '../../db/schema';
import { versionColumns, type VersionedRow } from '../../repos/message-versions';

/** Read by id: the access layer has decided the actor may use it. */
export async function findConversationRow(options: {
  db: Database;
  conversationId: string;
}): Promise<ConversationRow | undefined> {
  const [row] = await options.db
    .select()
    .from(conversations)
    .where(eq(conversations.id, options.conversationId));
  return row;
}

/** Whose key seals each of the conversations. */
export async function conversationOwners(options: {
  db: Database;
  conversationIds: string[];
}): Promise<Map<string, string>> {
  if (options.conversationIds.length === 0) return new Map();
  const rows = await options.db
    .select({ id: conversations.id, userId: conversations.userId })
    .from(conversations)
    .where(inArray(conversations.id, options.conversationIds));
  return new Map(rows.map((row) => [row.id, row.userId]));
}

/** The branch the conversation shows, oldest first: the model is given all of it. */
export function listConversationMessages(options: { db: Database; conversationId: string }) {
  return options.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, options.conversationId), eq(messages.shown, true)))
    .orderBy(asc(messages.seq));
}

export function listMessageAttachments(options: { db: Database; messageId: string }) {
  return options.db
    .select()
    .from(attachments)
    .where(eq(attachments.messageId, options.messageId))
    .orderBy(asc(attachments.createdAt));
}

/** Every file sent with a question of the conversation, oldest first. */
export function listBoundAttachments(options: { db: Database; conversationId: string }) {
  return options.db
    .select()
    .from(attachments)
    .where(
      and(eq(attachments.conversationId, options.conversationId), isNotNull(attachments.messageId)),
    )
    .orderBy(asc(attachments.createdAt));
}

/** The answer being written in the conversation, by any instance. */
export async function findStreamingAnswer(options: {
  db: Database;
  conversationId: string;
}): Promise<MessageRow | undefined> {
  const [row] = await options.db
    .select()
    .from(messages)
    .where(
      and(eq(messages.conversationId, options.conversationId), eq(messages.status, 'streaming')),
    )
    .orderBy(desc(messages.seq))
    .limit(1);
  return row;
}

export async function insertMessage(options: {
  db: Database;
  values: typeof messages.$inferInsert;
}): Promise<MessageRow> {
  const [row] = await options.db.insert(messages).values(options.values).returning();
  return row!;
}

/** A question and its answer in one statement; the question comes first in the thread. */
export async function insertQuestionAndAnswer(options: {
  db: Database;
  question: typeof messages.$inferInsert;
  answer: typeof messages.$inferInsert;
}): Promise<{ question: MessageRow; answer: MessageRow }> {
  const rows = await options.db
    .insert(messages)
    .values([options.question, options.answer])
    .returning();
  return {
    question: rows.find((row) => row.role === 'user')!,
    answer: rows.find((row) => row.role === 'assistant')!,
  };
}

/**
 * Locks the conversation for a new exchange (for the rest of the transaction) and reads, under
 * that lock, what the exchange was prepared against: whether it is encrypted (the background
 * encryption job changes that under the same lock), the last message it shows and whether an
 * answer is being written (by another instance, or a version switch in between). Undefined
 * when the conversation is gone. Two statements: a statement that waited for the lock reads other
 * rows as they were before the wait, so the second one reads what the lock's holder wrote.
 */
export async function lockConversationForExchange(
  db: Database,
  conversationId: string,
): Promise<{ encrypted: boolean; lastShownId: string | null; streaming: boolean } | undefined> {
  const [locked] = await db
    .select({ encrypted: conversations.encrypted })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for('update');
  if (!locked) return undefined;
  const [tail] = await db
    .select({
      lastShownId: sql<string | null>`(
        select ${messages.id} from ${messages}
        where ${messages.conversationId} = ${conversationId} and ${messages.shown}
        order by ${messages.seq} desc limit 1)`,
      streaming: sql<boolean>`exists (
        select 1 from ${messages}
        where ${messages.conversationId} = ${conversationId} and ${messages.status} = 'streaming')`,
    })
    .from(sql`(select 1) as one`);
  return {
    encrypted: locked.encrypted,
    lastShownId: tail!.lastShownId,
    streaming: tail!.streaming,
  };
}

export async function touchConversation(options: {
  db: Database;
  conversationId: string;
  name?: string;
}): Promise<ConversationRow> {
  const [row] = await options.db
    .update(conversations)
    .set({ updatedAt: sql`now()`, ...(options.name !== undefined && { name: options.name }) })
    .where(eq(conversations.id, options.conversationId))
    .returning();
  return row!;
}

/**
 * Writes what answers have so far, all in one statement: a reload reads them from here.
 * Answers that have meanwhile ended are left as they are.
 */
export async function saveAnswersContent(options: {
  db: Database;
  answers: { id: string; content: string }[];
}) {
  if (options.answers.length === 0) return;
  const rows = JSON.stringify(options.answers);
  await options.db.execute(sql`
    update ${messages} set content = progress.content, updated_at = now()
    from jsonb_to_recordset(${rows}::jsonb) as progress(id uuid, content text)
    where ${messages.id} = progress.id and ${messages.status} = 'streaming'`);
}

export async function finishAnswer(options: {
  db: Database;
  messageId: string;
  values: Pick<
    MessageRow,
    'content' | 'status' | 'errorCode' | 'inputTokens' | 'outputTokens' | 'tokensEstimated'
  >;
}): Promise<VersionedRow | undefined> {
  const [row] = await options.db
    .update(messages)
    .set({ ...options.values, updatedAt: sql`now()` })
    .where(eq(messages.id, options.messageId))
    .returning({ ...getTableColumns(messages), ...versionColumns });
  return row;
}

/**
 * Answers left 'streaming' by an instance that died become errors; `keepIds` are the ones
 * this instance is still writing. The rows as now stored.
 */
export async function markStaleAnswers(options: {
  db: Database;
  olderThan: Date;
  keepIds: string[];
}): Promise<VersionedRow[]> {
  return options.db
    .update(messages)
    .set({ status: 'error', errorCode: 'message_generating_error', updatedAt: sql`now()` })
    .where(
      and(
        eq(messages.status, 'streaming'),
        lt(messages.updatedAt, options.olderThan),
        ...(options.keepIds.length > 0 ? [notInArray(messages.id, options.keepIds)] : []),
      ),
    )
    .returning({ ...getTableColumns(messages), ...versionColumns });
}
