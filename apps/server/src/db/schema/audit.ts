import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What members did that matters for security and compliance, and an account's own security
 * history: appended only (the database refuses UPDATE and DELETE, see
 * db/functions/audit_entries_guard.sql), each entry chained to the one before it in its log by
 * a SHA-256 over that one's hash and its own fields. A log is an organization's
 * (`organization_id`) or an account's own (`subject_user_id`). Who acted is kept as they were
 * then, so entries outlive removed members; no foreign keys, so nothing rewrites them.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: uuid('organization_id'),
    subjectUserId: uuid('subject_user_id'),
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    device: text('device'),
    /** A changed setting's `{ field: { before, after } }`, or counts; never content or secrets. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    index('audit_entries_organization_idx').on(table.organizationId, table.id.desc()),
    index('audit_entries_subject_idx').on(table.subjectUserId, table.id.desc()),
  ],
);

export type AuditEntryRow = typeof auditEntries.$inferSelect;
