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
import type { Scope } from '../../access/actor';

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

/** What a conversation's next exchange is checked against, and who pays for it. */
export interface ExchangeTicket {
  conversationId: string;
  owner: Scope;
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

/** An attachment of the question was missing, sent already or someone else's. */
export class AttachmentNotBound extends Error {}

/**
 * What the exchange adds to the shown branch: a new question after its last message, a new
 * answer to a shown question (the branch from `replacedSeq` on stays as versions no longer
 * shown), or a new version of a shown question, which follows the same message and keeps the
 * files of `filesFromId`.
 */
export type ExchangeStep =
  | { kind: 'send'; questionContent: string; attachmentIds: string[] }
  | { kind: 'regenerate'; replacedSeq: number }
  | {
      kind: 'edit';
      questionContent: string;
      replacedSeq: number;
      parentId: string | null;
      filesFromId: string;
    };

/** An exchange to store with its empty 'streaming' answer (contents as stored). */
export interface ExchangeToStore {
  /** The new question's id, or for a regenerate the question answered again. */
  questionId: string;
  answerId: string;
  answerContent: string;
  modelId: string;
  reservedTokens: number;
  /** The conversation's new name, if it gets one. */
  name: string | undefined;
  step: ExchangeStep;
}

export type StoredExchangeRows =
  | { refusal: ExchangeRefusal }
  | {
      question: VersionedRow;
      answer: VersionedRow;
      /** The files bound to a new question sent with them. */
      files: AttachmentRow[];
      touched: ConversationRow;
    };

type ExchangeItem = { ticket: ExchangeTicket; exchange: ExchangeToStore };

const storeExchangesTogether = batched(
  async (db: Database, items: ExchangeItem[]): Promise<(StoredExchangeRows | Error)[]> => {
    try {
      return await storeExchanges(db, items);
    } catch (error) {
      if (items.length === 1) throw error;
      // What fails a batch unexpectedly (a row deleted meanwhile, a deadlock's victim on
      // PostgreSQL) is one exchange's: each is stored again alone, and only its own fails.
      return Promise.all(
        items.map((item) =>
          storeExchanges(db, [item]).then(
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

function exchangeCall({ ticket, exchange }: ExchangeItem) {
  const { step } = exchange;
  return {
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
    attachments: step.kind === 'send' ? step.attachmentIds : [],
    redo_from_seq: step.kind === 'send' ? null : step.replacedSeq,
    new_question: step.kind !== 'regenerate',
    question_parent:
      step.kind === 'send' ? ticket.lastShownId : step.kind === 'edit' ? step.parentId : null,
    files_from: step.kind === 'edit' ? step.filesFromId : null,
  };
}

/** One statement of store_exchanges: a row for each item, in their order. */
async function storeExchanges(
  db: Database,
  items: ExchangeItem[],
): Promise<(StoredExchangeRows | AttachmentNotBound)[]> {
  // What people wrote goes as text, not JSON, as a statement of its own would take it.
  const texts = items.flatMap(({ exchange: { step, answerContent, name } }) => [
    step.kind === 'regenerate' ? null : step.questionContent,
    answerContent,
    name ?? null,
  ]);
  const rows = await rawRows<{ stored: Record<string, unknown> }>(
    db,
    sql`select stored from store_exchanges(${JSON.stringify(items.map(exchangeCall))}::jsonb,
          ${sql.param(texts)}::text[])
        with ordinality as results(stored, n) order by n`,
  );
  return rows.map(({ stored }) => storedExchangeFromJson(stored));
}

type MessageVersion = { version: number; versions: number };

function storedExchangeFromJson(
  stored: Record<string, unknown>,
): StoredExchangeRows | AttachmentNotBound {
  if (stored.refusal === 'attachment_not_found') return new AttachmentNotBound();
  if (typeof stored.refusal === 'string') return { refusal: stored.refusal as ExchangeRefusal };
  const json = stored as Record<'question' | 'answer' | 'conversation', Record<string, unknown>> &
    Record<'question_version' | 'answer_version', MessageVersion> & {
      files: Record<string, unknown>[];
    };
  return {
    question: { ...rowFromJson(messages, json.question), ...json.question_version },
    answer: { ...rowFromJson(messages, json.answer), ...json.answer_version },
    files: json.files.map((file) => rowFromJson(attachments, file)),
    touched: rowFromJson(conversations, json.conversation),
  };
}

/**
 * An exchange admitted and stored in one statement (the database function store_exchange),
 * with the others taken in the same turn (store_exchanges). A file missing, sent already or
 * someone else's throws AttachmentNotBound, nothing of that exchange written.
 */
export async function storeExchange(
  db: Database,
  ticket: ExchangeTicket,
  exchange: ExchangeToStore,
): Promise<StoredExchangeRows> {
  const stored = await storeExchangesTogether(db, { ticket, exchange });
  if (stored instanceof Error) throw stored;
  return stored;
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
