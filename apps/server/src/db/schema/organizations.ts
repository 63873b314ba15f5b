import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { plans } from './plans';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A law firm: its members chat in its context and share its plan's monthly tokens. */
export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  avatarKey: text('avatar_key'),
  /** Model ids its members may use; null allows every listed model. */
  allowedModels: text('allowed_models').array(),
  encryptionForced: boolean('encryption_forced').notNull().default(false),
  sharingOutsideAllowed: boolean('sharing_outside_allowed').notNull().default(false),
  exportAllowed: boolean('export_allowed').notNull().default(true),
  planId: uuid('plan_id').references(() => plans.id),
  /** 'deleted': inactive at once, purged with everything it holds at `purgeAt`. */
  status: text('status', { enum: ['active', 'deleted'] })
    .notNull()
    .default('active'),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  purgeAt: timestamp('purge_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OrganizationRow = typeof organizations.$inferSelect;
