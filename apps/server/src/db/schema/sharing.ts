import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { conversations } from './chat';
import { organizations } from './organizations';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A conversation shared by link. The secret is found by its digest and kept only sealed
 * under a server key for its owner's link manager, so a database copy gives no working link.
 * The shared messages are a copy (share_messages) taken when it was last shared.
 */
export const conversationShares = pgTable(
  'conversation_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The context the conversation belongs to: null for the owner's own. */
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    secretHash: text('secret_hash').notNull().unique(),
    sealedSecret: text('sealed_secret').notNull(),
    /** The conversation's name when it was last shared. */
    name: text('name').notNull(),
    messageCount: integer('message_count').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    sharedAt: at('shared_at').notNull(),
    /** null: never expires. */
    expiresAt: at('expires_at'),
    /** Disabled by its owner (until enabled again); its copy of the messages is removed at once. */
    disabledAt: at('disabled_at'),
  },
  (table) => [
    // One open link per conversation: sharing again updates it.
    uniqueIndex('conversation_shares_open_idx')
      .on(table.conversationId)
      .where(sql`disabled_at is null`),
    index('conversation_shares_owner_idx')
      .on(table.userId, table.createdAt.desc(), table.id)
      .where(sql`disabled_at is null`),
  ],
);

/** The shared copy of a conversation's messages, numbered from 1. */
export const shareMessages = pgTable(
  'share_messages',
  {
    shareId: uuid('share_id')
      .notNull()
      .references(() => conversationShares.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: ['streaming', 'complete', 'cancelled', 'error'] }).notNull(),
    errorCode: text('error_code', { enum: ['message_generating_error'] }),
    modelId: text('model_id'),
    /** The names and types of its files; their contents are never shared. */
    attachments: jsonb('attachments')
      .$type<{ filename: string; media_type: string }[]>()
      .notNull()
      .default([]),
    createdAt: at('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shareId, table.position] })],
);

/** Each signed-in visitor of a link, recorded at their first visit. */
export const shareVisitors = pgTable(
  'share_visitors',
  {
    shareId: uuid('share_id')
      .notNull()
      .references(() => conversationShares.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstVisitedAt: at('first_visited_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shareId, table.userId] }),
    index('share_visitors_order_idx').on(table.shareId, table.firstVisitedAt),
  ],
);

export type ConversationShareRow = typeof conversationShares.$inferSelect;
export type ShareMessageRow = typeof shareMessages.$inferSelect;
