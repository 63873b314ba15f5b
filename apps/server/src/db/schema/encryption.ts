import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** The argon2id cost a user's key was derived with (raised for new keys, kept for old). */
export interface StoredKdfParams {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * A user's encryption credential (architecture §6): their random data key, stored only
 * wrapped under a key derived from the PIN or password; the credential itself is not kept.
 */
export const encryptionKeys = pgTable('encryption_keys', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  keyType: text('key_type', { enum: ['PIN', 'PASSWORD'] }).notNull(),
  /** base64url, 16 random bytes. */
  salt: text('salt').notNull(),
  kdf: jsonb('kdf').$type<StoredKdfParams>().notNull(),
  wrappedKey: text('wrapped_key').notNull(),
  /** Wrong credentials since the last right one, across sessions and instances. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  /** Set while the credential is being removed: what becomes of its conversations. */
  removal: text('removal', { enum: ['DELETE', 'DECRYPT'] }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type EncryptionKeyRow = typeof encryptionKeys.$inferSelect;
