import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devOutbox } from '../../db/schema';

export type OutboxMessage = typeof devOutbox.$inferSelect;

/** Newest first; `to` matches the recipient exactly, ignoring case. */
export async function listOutboxMessages(options: {
  db: Database;
  to?: string;
  limit: number;
}): Promise<OutboxMessage[]> {
  const { db, to, limit } = options;
  return db
    .select()
    .from(devOutbox)
    .where(to ? eq(sql`lower(${devOutbox.to})`, to.toLowerCase()) : undefined)
    .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
    .limit(limit);
}
