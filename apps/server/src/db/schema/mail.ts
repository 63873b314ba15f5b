import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages delivered by the development outbox transport (no SMTP configured). */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_outbox_created_idx').on(table.createdAt)],
);
