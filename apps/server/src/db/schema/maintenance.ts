import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Maintenance windows set by the operator command. A window is on while
 * starts_at <= now < ends_at (an open end means until switched off).
 */
export const maintenanceWindows = pgTable(
  'maintenance_windows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    messageEn: text('message_en').notNull().default(''),
    messagePl: text('message_pl').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('maintenance_windows_period_idx').on(table.startsAt, table.endsAt)],
);

export type MaintenanceWindow = typeof maintenanceWindows.$inferSelect;
