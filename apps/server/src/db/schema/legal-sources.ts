import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the registers last said of a cited source, by its key (`pl:DU:1964:93`): shared by every
 * user, and linked to none of them or their conversations.
 */
export const legalSourceChecks = pgTable('legal_source_checks', {
  key: text('key').primaryKey(),
  state: text('state', { enum: ['in_force', 'repealed', 'found', 'not_found'] }).notNull(),
  title: text('title'),
  repealedOn: text('repealed_on'),
  repealedBy: text('repealed_by'),
  url: text('url'),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
