import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { plans } from './plans';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** Null for accounts created by an external provider until a password is set. */
    passwordHash: text('password_hash'),
    name: text('name'),
    surname: text('surname'),
    phonePrefix: text('phone_prefix'),
    phoneNumber: text('phone_number'),
    avatarKey: text('avatar_key'),
    language: text('language').notNull().default('en'),
    userType: text('user_type', { enum: ['INTERNAL', 'EXTERNAL'] })
      .notNull()
      .default('INTERNAL'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    hasPersonalInfoSet: boolean('has_personal_info_set').notNull().default(false),
    planId: uuid('plan_id').references(() => plans.id),
    /** The context the user acts in: null for their own, else an organization of theirs. */
    currentOrganizationId: uuid('current_organization_id').references(
      (): AnyPgColumn => organizations.id,
      { onDelete: 'set null' },
    ),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** Whether the conversations of the user's own context are encrypted. */
    encryptionEnabled: boolean('encryption_enabled').notNull().default(false),
    /** What disabling it asked of the encrypted conversations; null while enabled. */
    encryptionOffAction: text('encryption_off_action', { enum: ['DELETE', 'DECRYPT'] }),
    /** The encryption sync job still has conversations to change. */
    encryptionSyncPending: boolean('encryption_sync_pending').notNull().default(false),
    /** Bumped by every encryption change, so the sync job knows it saw the latest. */
    encryptionSyncVersion: integer('encryption_sync_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_idx').on(table.email)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('verification_codes_user_kind_idx').on(table.userId, table.kind, table.createdAt),
  ],
);

/** A signed-in device: the refresh-token family and what the connected-devices list shows. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default('system'),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_idx').on(table.tokenHash),
    index('refresh_tokens_session_idx').on(table.sessionId),
  ],
);

/** Devices that passed the second login step and may skip it. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('trusted_devices_hash_idx').on(table.tokenHash)],
);

/** A login that passed the password and waits for its e-mailed code. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('login_challenges_hash_idx').on(table.tokenHash)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_idx').on(table.tokenHash)],
);

/** Connected services: a provider account linked to a user (spec §3). */
export const externalAccounts = pgTable(
  'external_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('external_accounts_provider_subject_idx').on(table.provider, table.subject),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
