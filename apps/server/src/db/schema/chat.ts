import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { organizations } from './organizations';

/** The context a record was made in: null for the user's own, else the organization. */
const organizationId = () =>
  uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' });

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// 'simple' rather than a language's dictionary: questions mix Polish and English, and a
// statute's name or an article number must match as typed. Sealed text is never indexed, nor
// is an answer's while it streams: each save of its progress would index it all again.
const searchable = (column: string, notIndexed: string): SQL =>
  sql.raw(
    `to_tsvector('simple', case when ${notIndexed} then '' else coalesce(${column}, '') end)`,
  );

/** A conversation of one user, in their own context or an organization's. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    name: text('name').notNull(),
    /** False until the user renames it: the first question then names it. */
    nameSetByUser: boolean('name_set_by_user').notNull().default(false),
    /** Sealed under the owner's data key: its name, messages and files. */
    encrypted: boolean('encrypted').notNull().default(false),
    search: tsvector('search').generatedAlwaysAs(searchable('name', 'encrypted')),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One per kind of context: with `organization_id is null` as a condition the planner
    // does not see the order of a single index over both kinds.
    index('conversations_individual_updated_idx')
      .on(table.userId, table.updatedAt.desc(), table.id)
      .where(sql`organization_id is null`),
    index('conversations_organization_updated_idx')
      .on(table.organizationId, table.userId, table.updatedAt.desc(), table.id)
      .where(sql`organization_id is not null`),
    index('conversations_search_idx').using('gin', table.search),
  ],
);

/** A question or an answer; an answer is written here as it streams. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The owner, kept on the row so every query can be scoped without a join. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    /**
     * The message it follows: an answer its question, a question the answer before it (none
     * for a first question). Versions are the messages that follow the same one.
     */
    parentId: uuid('parent_id').references((): AnyPgColumn => messages.id, {
      onDelete: 'cascade',
    }),
    /** On the branch the conversation shows: one version of each step, from the first on. */
    shown: boolean('shown').notNull().default(true),
    /** An edited question's files stay bound to its first version, whose id this is. */
    filesFromId: uuid('files_from_id'),
    content: text('content').notNull().default(''),
    status: text('status', { enum: ['streaming', 'complete', 'cancelled', 'error'] }).notNull(),
    errorCode: text('error_code', { enum: ['message_generating_error'] }),
    modelId: text('model_id'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    tokensEstimated: boolean('tokens_estimated').notNull().default(false),
    /** While streaming: the tokens the answer is expected to use, held against the limit. */
    reservedTokens: integer('reserved_tokens').notNull().default(0),
    feedback: text('feedback', { enum: ['good', 'bad'] }),
    feedbackReason: text('feedback_reason'),
    feedbackComment: text('feedback_comment'),
    /** The content and feedback comment are sealed (the conversation is encrypted). */
    sealed: boolean('sealed').notNull().default(false),
    search: tsvector('search').generatedAlwaysAs(
      searchable('content', `sealed or status = 'streaming'`),
    ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_conversation_seq_idx').on(table.conversationId, table.seq),
    // The versions of a step.
    index('messages_parent_idx').on(table.parentId),
    index('messages_user_idx').on(table.userId),
    index('messages_search_idx').using('gin', table.search),
    // Finds answers left 'streaming' by an instance that died.
    index('messages_streaming_idx')
      .on(table.updatedAt)
      .where(sql`status = 'streaming'`),
    // The tokens an owner's answers hold while they stream, read as each question is admitted.
    index('messages_streaming_user_idx')
      .on(table.userId)
      .where(sql`status = 'streaming'`),
    // The same for an organization's pool.
    index('messages_streaming_organization_idx')
      .on(table.organizationId)
      .where(sql`status = 'streaming'`),
  ],
);

/** A file attached to a question: uploaded first, then bound to the question it is sent with. */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    /** The file name is sealed too (names of files sealed before names were are not). */
    filenameSealed: boolean('filename_sealed').notNull().default(false),
    mediaType: text('media_type').notNull(),
    size: integer('size').notNull(),
    /** Text extracted from pdf, doc and docx; null for images. */
    extractedText: text('extracted_text'),
    /** The stored file and the extracted text are sealed. */
    sealed: boolean('sealed').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('attachments_message_idx').on(table.messageId),
    index('attachments_conversation_idx').on(table.conversationId),
  ],
);

/**
 * Tokens used per calendar month (UTC), kept apart from the messages so that deleting a
 * conversation does not give its tokens back.
 */
export const tokenUsage = pgTable(
  'token_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
