import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Messages users send from the feedback dialog, with who they were and on which plan. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['error', 'info', 'opinion'] }).notNull(),
    message: text('message').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    tags: jsonb('tags').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_created_idx').on(table.createdAt)],
);
