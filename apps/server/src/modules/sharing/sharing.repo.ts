import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Scope } from '../../access/actor';
import type { Database } from '../../db/client';
import {
  conversationShares,
  shareMessages,
  shareVisitors,
  users,
  type ConversationShareRow,
} from '../../db/schema';
import type { TimeKey } from '../../keyset-cursor';
import { timeKeyOf } from '../../keyset-cursor';
import { inScope } from '../../repos/context-scope';

export type ShareSnapshotMessage = Omit<typeof shareMessages.$inferInsert, 'shareId' | 'position'>;

const shareColumns = {
  id: conversationShares.id,
  conversationId: conversationShares.conversationId,
  userId: conversationShares.userId,
  sealedSecret: conversationShares.sealedSecret,
  name: conversationShares.name,
  messageCount: conversationShares.messageCount,
  createdAt: conversationShares.createdAt,
  sharedAt: conversationShares.sharedAt,
  expiresAt: conversationShares.expiresAt,
  disabledAt: conversationShares.disabledAt,
};
export type ShareRow = Pick<ConversationShareRow, keyof typeof shareColumns>;

/** The conversation's open (not disabled) link, locked for the transaction unless told. */
export async function findOpenShare(
  db: Database,
  conversationId: string,
  options: { lock: boolean } = { lock: true },
): Promise<ShareRow | undefined> {
  const query = db
    .select(shareColumns)
    .from(conversationShares)
    .where(
      and(
        eq(conversationShares.conversationId, conversationId),
        isNull(conversationShares.disabledAt),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** A new open link; undefined when another one was opened for the conversation meanwhile. */
export async function insertShare(
  db: Database,
  values: typeof conversationShares.$inferInsert,
): Promise<string | undefined> {
  const [row] = await db
    .insert(conversationShares)
    .values(values)
    .onConflictDoNothing({
      target: conversationShares.conversationId,
      where: sql`disabled_at is null`,
    })
    .returning({ id: conversationShares.id });
  return row?.id;
}

/** A new snapshot of the link; `disabledAt: null` opens a disabled link again. */
export async function updateShare(
  db: Database,
  id: string,
  values: Pick<
    typeof conversationShares.$inferInsert,
    'name' | 'messageCount' | 'sharedAt' | 'expiresAt' | 'disabledAt'
  >,
) {
  await db.update(conversationShares).set(values).where(eq(conversationShares.id, id));
}

// Within PostgreSQL's limit of bound parameters per statement.
const INSERT_BATCH = 500;

/** The link's copy of the messages becomes `rows`, numbered from 1. */
export async function replaceShareMessages(
  db: Database,
  shareId: string,
  rows: ShareSnapshotMessage[],
) {
  await db.delete(shareMessages).where(eq(shareMessages.shareId, shareId));
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await db.insert(shareMessages).values(
      rows.slice(start, start + INSERT_BATCH).map((row, index) => ({
        ...row,
        shareId,
        position: start + index + 1,
      })),
    );
  }
}

/** A link by its id, locked for the transaction when told. */
export async function findShare(
  db: Database,
  id: string,
  options: { lock: boolean } = { lock: false },
): Promise<ShareRow | undefined> {
  const query = db
    .select(shareColumns)
    .from(conversationShares)
    .where(eq(conversationShares.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * Newest first, after `after`; the open links follow conversation_shares_owner_idx, and
 * with `includeDisabled` the disabled ones come in too.
 */
export async function shareListQuery(options: {
  db: Database;
  scope: Scope;
  after?: TimeKey;
  limit: number;
  includeDisabled: boolean;
}) {
  const { db, scope, after, limit, includeDisabled } = options;
  const at = after && sql`${after.at}::timestamptz`;
  const rows = await db
    .select({ ...shareColumns, key: timeKeyOf(conversationShares.createdAt) })
    .from(conversationShares)
    .where(
      and(
        inScope(conversationShares, scope),
        includeDisabled ? undefined : isNull(conversationShares.disabledAt),
        at && after
          ? and(
              lte(conversationShares.createdAt, at),
              or(lt(conversationShares.createdAt, at), gt(conversationShares.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(sql`${conversationShares.createdAt} desc nulls last`, conversationShares.id)
    .limit(limit);
  return rows;
}

export interface VisitorSummary {
  count: number;
  first: { name: string | null; surname: string | null; avatarKey: string | null }[];
}

/** For each link, how many visited and the first `shown` of them (earliest first). */
export async function visitorSummaries(
  db: Database,
  shareIds: string[],
  shown: number,
): Promise<Map<string, VisitorSummary>> {
  const summaries = new Map<string, VisitorSummary>(
    shareIds.map((id) => [id, { count: 0, first: [] }]),
  );
  if (shareIds.length === 0) return summaries;
  const ranked = db
    .select({
      shareId: shareVisitors.shareId,
      userId: shareVisitors.userId,
      rank: sql<number>`row_number() over (partition by ${shareVisitors.shareId} order by ${shareVisitors.firstVisitedAt}, ${shareVisitors.userId})`.as(
        'rank',
      ),
      total: sql<number>`count(*) over (partition by ${shareVisitors.shareId})`
        .mapWith(Number)
        .as('total'),
    })
    .from(shareVisitors)
    .where(inArray(shareVisitors.shareId, shareIds))
    .as('ranked');
  const firsts = await db
    .select({
      shareId: ranked.shareId,
      total: ranked.total,
      name: users.name,
      surname: users.surname,
      avatarKey: users.avatarKey,
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.userId))
    .where(lte(ranked.rank, shown))
    .orderBy(ranked.shareId, ranked.rank);
  for (const row of firsts) {
    const { shareId, total, ...person } = row;
    const summary = summaries.get(shareId)!;
    summary.count = Number(total);
    summary.first.push(person);
  }
  return summaries;
}

/** Disabled until its owner enables it again: the copy of its messages goes at once. */
export async function disableShare(db: Database, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(conversationShares)
      .set({ disabledAt: now })
      .where(and(eq(conversationShares.id, id), isNull(conversationShares.disabledAt)))
      .returning({ id: conversationShares.id });
    if (rows.length === 0) return false;
    await tx.delete(shareMessages).where(eq(shareMessages.shareId, id));
    return true;
  });
}

/** The link with its copy of the messages and its visitors (cascading). */
export async function deleteShare(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .delete(conversationShares)
    .where(eq(conversationShares.id, id))
    .returning({ id: conversationShares.id });
  return rows.length > 0;
}

/**
 * Drops the copy of an expired link's messages (sharing again writes a new one). Answers the
 * expiry still ahead, if the link has one (it was shared again for longer meanwhile).
 */
export async function dropExpiredCopy(db: Database, id: string, now: Date) {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({ expiresAt: conversationShares.expiresAt })
      .from(conversationShares)
      .where(eq(conversationShares.id, id))
      .for('update');
    if (!link?.expiresAt) return undefined;
    if (link.expiresAt.getTime() > now.getTime()) return link.expiresAt;
    await tx.delete(shareMessages).where(eq(shareMessages.shareId, id));
    return undefined;
  });
}

/** The visitor is recorded at their first visit only. */
export async function recordVisitor(db: Database, shareId: string, userId: string, now: Date) {
  await db
    .insert(shareVisitors)
    .values({ shareId, userId, firstVisitedAt: now })
    .onConflictDoNothing();
}

export async function findOwner(db: Database, userId: string) {
  const [row] = await db
    .select({ name: users.name, surname: users.surname, avatarKey: users.avatarKey })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Shared messages after `after`, oldest first. */
export async function shareMessagePage(
  db: Database,
  shareId: string,
  after: number,
  limit: number,
) {
  return db
    .select()
    .from(shareMessages)
    .where(and(eq(shareMessages.shareId, shareId), gt(shareMessages.position, after)))
    .orderBy(asc(shareMessages.position))
    .limit(limit);
}
