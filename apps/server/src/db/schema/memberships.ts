import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORGANIZATION_ROLES } from '@themis/shared';
import { users } from './accounts';
import { organizations } from './organizations';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ORGANIZATION_ROLES }).notNull(),
    encryptionEnabled: boolean('encryption_enabled').notNull().default(false),
    /** What disabling it asked of the encrypted conversations; null while enabled. */
    encryptionOffAction: text('encryption_off_action', { enum: ['DELETE', 'DECRYPT'] }),
    createdAt: createdAt(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('memberships_organization_user_idx').on(table.organizationId, table.userId),
    // The co-workers list, by date added then id: an organization's page is a range of it.
    index('memberships_organization_created_idx').on(
      table.organizationId,
      table.createdAt,
      table.id,
    ),
    index('memberships_user_idx').on(table.userId),
    // One owner per organization, whatever two requests do at once.
    uniqueIndex('memberships_one_owner_idx')
      .on(table.organizationId)
      .where(sql`role = 'OWNER'`),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invitationType: text('invitation_type', { enum: ['EMAIL'] })
      .notNull()
      .default('EMAIL'),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    role: text('role', { enum: ['ADMIN', 'MEMBER', 'OBSERVER'] }).notNull(),
    status: text('status', { enum: ['sent', 'accepted', 'declined', 'revoked'] })
      .notNull()
      .default('sent'),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // The invitations list, newest first then by id: read backwards, a page is a range of it.
    index('invitations_organization_created_idx').on(
      table.organizationId,
      table.createdAt,
      table.id,
    ),
    index('invitations_email_idx').on(table.email),
    // One open invitation per address and organization.
    uniqueIndex('invitations_open_email_idx')
      .on(table.organizationId, table.email)
      .where(sql`status = 'sent'`),
  ],
);

/**
 * Tokens each member used in an organization per calendar month (UTC); the organization's
 * pool is their sum. The individual context keeps its own table (token_usage).
 */
export const organizationTokenUsage = pgTable(
  'organization_token_usage',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.month, table.userId] })],
);

export type MembershipRow = typeof memberships.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
