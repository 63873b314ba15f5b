import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { conversations, messages, type MessageRow } from '../db/schema';

/**
 * Which of its versions a message is, and how many there are: the database function
 * message_version, which storing an exchange answers with too. Written against the table's own
 * name (drizzle leaves columns unqualified in a select list), so it serves selects and
 * RETURNING alike.
 */
export const versionColumns = {
  version: sql<number>`(message_version(messages) ->> 'version')::int`.mapWith(Number),
  versions: sql<number>`(message_version(messages) ->> 'versions')::int`.mapWith(Number),
};

export type VersionedRow = MessageRow & { version: number; versions: number };

/** Takes the shown branch off from `fromSeq` on: a new version or another one replaces it. */
export async function hideBranchFrom(options: {
  db: Database;
  conversationId: string;
  fromSeq: number;
}) {
  await options.db
    .update(messages)
    .set({ shown: false })
    .where(
      and(
        eq(messages.conversationId, options.conversationId),
        eq(messages.shown, true),
        gte(messages.seq, options.fromSeq),
      ),
    );
}

/**
 * Shows `messageId` and, below it, the newest version of each step that follows, down to
 * the end of that branch.
 */
export async function showBranchFrom(options: { db: Database; messageId: string }) {
  await options.db.execute(sql`
    with recursive branch(id) as (
      select ${options.messageId}::uuid
      union all
      select newest.id from branch
      cross join lateral (
        select c.id from messages c where c.parent_id = branch.id order by c.seq desc limit 1
      ) as newest
    )
    update ${messages} set shown = true where ${messages.id} in (select id from branch)`);
}

/** The `version`-th message (oldest first) that follows the same message as `messageId`. */
export async function findVersion(options: {
  db: Database;
  conversationId: string;
  parentId: string | null;
  version: number;
}): Promise<MessageRow | undefined> {
  const { db, conversationId, parentId, version } = options;
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        parentId === null ? isNull(messages.parentId) : eq(messages.parentId, parentId),
      ),
    )
    .orderBy(asc(messages.seq))
    .offset(version - 1)
    .limit(1);
  return row;
}

/**
 * Within a transaction: locks the conversation (as a question being accepted does), and
 * finds the shown message `messageId` of it and whether an answer is being written.
 */
export async function lockForSwitching(options: {
  db: Database;
  conversationId: string;
  messageId: string;
}): Promise<{ message: MessageRow | undefined; streaming: boolean }> {
  const { db, conversationId, messageId } = options;
  await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for('update');
  const [message] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.conversationId, conversationId),
        eq(messages.shown, true),
      ),
    );
  const [streaming] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.status, 'streaming')))
    .limit(1);
  return { message, streaming: streaming !== undefined };
}
