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
import { DEFAULT_ORGANIZATION_PLAN_CODE } from '@themis/shared';
import { batched, batchedRead, groupBy } from '../../db/batched';
import type { Database } from '../../db/client';
import {
  attachments,
  conversations,
  messages,
  type AttachmentRow,
  type ConversationRow,
  type MessageRow,
} from '../../db/schema';
import { versionColumns, type VersionedRow } from '../../repos/message-versions';
import { rawRows, rowFromJson } from '../../db/raw-rows';
import type { BillingOwner } from '../usage/allowance.service';

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

/**
 * The branch the conversation shows, oldest first: the model is given all of it. Read for each
 * question, so the reads of one turn are one statement.
 */
export async function listConversationMessages(options: {
  db: Database;
  conversationId: string;
}): Promise<MessageRow[]> {
  // Keyed as the database spells a UUID.
  return (await readShownMessages(options.db, options.conversationId.toLowerCase())) ?? [];
}

const readShownMessages = batchedRead(async (db, conversationIds: string[]) => {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        sql`${messages.conversationId} = any(${sql.param(conversationIds)}::uuid[])`,
        eq(messages.shown, true),
      ),
    )
    .orderBy(asc(messages.seq));
  return groupBy(rows, (row) => row.conversationId);
});

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

/** What a conversation's next exchange is checked against, and who pays for it. */
export interface ExchangeTicket {
  conversationId: string;
  owner: BillingOwner;
  /** Whether its messages are sealed: the conversation must still be encrypted, or not. */
  sealed: boolean;
  /** The last message shown when the history was read, which the exchange follows. */
  lastShownId: string | null;
  /** 'YYYY-MM-01', the month whose allowance it is held against. */
  month: string;
}

/** Why a conversation may not take an exchange now (the database function admit_exchange). */
export type ExchangeRefusal =
  | 'conversation_not_found'
  | 'encryption_changed'
  | 'conversation_busy'
  | 'owner_gone'
  | 'monthly_limit_reached';

const ticketArguments = (ticket: ExchangeTicket) => sql`
  ${ticket.conversationId}::uuid, ${ticket.owner.userId}::uuid,
  ${ticket.owner.organizationId}::uuid, ${ticket.sealed}::boolean,
  ${ticket.lastShownId}::uuid, ${ticket.month}::date, ${DEFAULT_ORGANIZATION_PLAN_CODE}::text`;

/**
 * Locks the conversation and its billing owner for the rest of the transaction, and says why
 * the exchange may not be taken (null when it may): see admit_exchange.
 */
export async function admitExchange(
  db: Database,
  ticket: ExchangeTicket,
): Promise<ExchangeRefusal | null> {
  const [row] = await rawRows<{ refusal: ExchangeRefusal | null }>(
    db,
    sql`select admit_exchange(${ticketArguments(ticket)}) as refusal`,
  );
  return row!.refusal;
}

/** An attachment of the question was missing, sent already or someone else's. */
export class AttachmentNotBound extends Error {}

/** A question to store with its empty 'streaming' answer. */
export interface QuestionToStore {
  questionId: string;
  questionContent: string;
  answerId: string;
  answerContent: string;
  modelId: string;
  reservedTokens: number;
  attachmentIds: string[];
  name: string | undefined;
}

type StoredQuestion =
  | { refusal: ExchangeRefusal }
  | { question: MessageRow; answer: MessageRow; files: AttachmentRow[]; touched: ConversationRow };

type QuestionItem = { ticket: ExchangeTicket; exchange: QuestionToStore };

const storeQuestionsTogether = batched(
  async (db: Database, items: QuestionItem[]): Promise<(StoredQuestion | Error)[]> => {
    try {
      return await storeQuestions(db, items);
    } catch (error) {
      if (items.length === 1) throw error;
      // What fails a batch unexpectedly (a row deleted meanwhile, a deadlock's victim on
      // PostgreSQL) is one question's: each is stored again alone, and only its own fails.
      return Promise.all(
        items.map((item) =>
          storeQuestions(db, [item]).then(
            ([stored]) => stored!,
            (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure))),
          ),
        ),
      );
    }
  },
  // About 2 ms each on the embedded database: other statements wait no longer than ~50 ms.
  { most: 25 },
);

/** One statement of store_questions: a row for each item, in their order. */
async function storeQuestions(
  db: Database,
  items: QuestionItem[],
): Promise<(StoredQuestion | AttachmentNotBound)[]> {
  const calls = items.map(({ ticket, exchange }) => ({
    conversation: ticket.conversationId,
    user: ticket.owner.userId,
    organization: ticket.owner.organizationId,
    sealed: ticket.sealed,
    last_shown: ticket.lastShownId,
    month: ticket.month,
    default_plan: DEFAULT_ORGANIZATION_PLAN_CODE,
    question_id: exchange.questionId,
    answer_id: exchange.answerId,
    model: exchange.modelId,
    reserved_tokens: exchange.reservedTokens,
    attachments: exchange.attachmentIds,
  }));
  // What people wrote goes as text, not JSON, as a statement of its own would take it.
  const texts = items.flatMap(({ exchange }) => [
    exchange.questionContent,
    exchange.answerContent,
    exchange.name ?? null,
  ]);
  const rows = await rawRows<{ stored: Record<string, unknown> }>(
    db,
    sql`select stored from store_questions(${JSON.stringify(calls)}::jsonb, ${sql.param(texts)}::text[])
        with ordinality as results(stored, n) order by n`,
  );
  return rows.map(({ stored }) => storedQuestionFromJson(stored));
}

function storedQuestionFromJson(
  stored: Record<string, unknown>,
): StoredQuestion | AttachmentNotBound {
  if (stored.refusal === 'attachment_not_found') return new AttachmentNotBound();
  if (typeof stored.refusal === 'string') return { refusal: stored.refusal as ExchangeRefusal };
  const json = stored as Record<'question' | 'answer' | 'conversation', Record<string, unknown>> & {
    files: Record<string, unknown>[];
  };
  return {
    question: rowFromJson(messages, json.question),
    answer: rowFromJson(messages, json.answer),
    files: json.files.map((file) => rowFromJson(attachments, file)),
    touched: rowFromJson(conversations, json.conversation),
  };
}

/**
 * A new question and its empty 'streaming' answer, admitted and stored (the database function
 * store_question), with the files sent with it bound to it and the conversation touched, and
 * named when `name` is given. Questions sent in the same turn are stored in one statement
 * (store_questions); a file missing, sent already or someone else's throws AttachmentNotBound,
 * nothing of that question written.
 */
export async function storeQuestion(
  db: Database,
  ticket: ExchangeTicket,
  exchange: QuestionToStore,
): Promise<StoredQuestion> {
  const stored = await storeQuestionsTogether(db, { ticket, exchange });
  if (stored instanceof Error) throw stored;
  return stored;
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
