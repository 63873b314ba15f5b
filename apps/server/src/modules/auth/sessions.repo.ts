import { and, desc, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  memberships,
  organizations,
  refreshTokens,
  sessions,
  users,
  type SessionRow,
} from '../../db/schema';

const isLive = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/** Opens a session (a connected device); returns its id. */
export async function insertSession(options: {
  db: Database;
  data: { userId: string; provider: string; userAgent: string; ip: string; expiresAt: Date };
}): Promise<string> {
  const [session] = await options.db
    .insert(sessions)
    .values(options.data)
    .returning({ id: sessions.id });
  return session!.id;
}

export async function insertRefreshToken(options: {
  db: Database;
  sessionId: string;
  tokenHash: string;
}): Promise<void> {
  await options.db
    .insert(refreshTokens)
    .values({ sessionId: options.sessionId, tokenHash: options.tokenHash });
}

export interface RefreshTokenWithSession {
  token: typeof refreshTokens.$inferSelect;
  session: SessionRow;
}

/** A refresh token's row and its session's; `forUpdate` locks them for the transaction. */
export async function findRefreshToken(options: {
  db: Database;
  tokenHash: string;
  forUpdate?: boolean;
}): Promise<RefreshTokenWithSession | undefined> {
  const query = options.db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, options.tokenHash));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Marks a refresh token used and its session seen, as a rotation does. */
export async function markRefreshTokenUsed(options: {
  db: Database;
  tokenId: string;
  sessionId: string;
  now: Date;
}): Promise<void> {
  const { db, now } = options;
  await db.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, options.tokenId));
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, options.sessionId));
}

/** The live session and the context its user acts in, with the session's last activity. */
export async function findLiveSessionContext(options: {
  db: Database;
  now: Date;
  userId: string;
  sessionId: string;
}) {
  // A current organization counts only while the user is still its member and it is active.
  const [session] = await options.db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      organizationId: organizations.id,
      role: memberships.role,
      allowedModels: organizations.allowedModels,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      memberships,
      and(
        eq(memberships.organizationId, users.currentOrganizationId),
        eq(memberships.userId, users.id),
      ),
    )
    .leftJoin(
      organizations,
      and(eq(organizations.id, memberships.organizationId), eq(organizations.status, 'active')),
    )
    .where(
      and(
        eq(sessions.id, options.sessionId),
        eq(sessions.userId, options.userId),
        isLive(options.now),
      ),
    );
  return session;
}

/** Which of the sessions are still live. */
export async function listLiveSessionIds(options: {
  db: Database;
  now: Date;
  sessionIds: string[];
}): Promise<string[]> {
  const rows = await options.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, options.sessionIds), isLive(options.now)));
  return rows.map((row) => row.id);
}

/** The user's live sessions, the most recently seen first. */
export function listLiveSessions(options: {
  db: Database;
  now: Date;
  userId: string;
}): Promise<SessionRow[]> {
  return options.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, options.userId), isLive(options.now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** The provider a session of the user was opened through, if it is theirs. */
export async function findSessionProvider(options: {
  db: Database;
  userId: string;
  sessionId: string;
}): Promise<string | undefined> {
  const [row] = await options.db
    .select({ provider: sessions.provider })
    .from(sessions)
    .where(and(eq(sessions.id, options.sessionId), eq(sessions.userId, options.userId)));
  return row?.provider;
}

/** Ends one session, whatever its state. */
export async function revokeSessionById(options: {
  db: Database;
  sessionId: string;
  now: Date;
  reason: string;
}): Promise<void> {
  await options.db
    .update(sessions)
    .set({ revokedAt: options.now, revokedReason: options.reason })
    .where(eq(sessions.id, options.sessionId));
}

/**
 * Ends the user's sessions not yet ended: one (`sessionId`), or all but `except`, or those of
 * one sign-in provider. Returns the ids of the sessions ended.
 */
export async function revokeUserSessionRows(options: {
  db: Database;
  userId: string;
  now: Date;
  reason: string;
  sessionId?: string;
  except?: string;
  provider?: string;
}): Promise<string[]> {
  const conditions = [eq(sessions.userId, options.userId), isNull(sessions.revokedAt)];
  if (options.sessionId) conditions.push(eq(sessions.id, options.sessionId));
  if (options.except) conditions.push(ne(sessions.id, options.except));
  if (options.provider) conditions.push(eq(sessions.provider, options.provider));
  const revoked = await options.db
    .update(sessions)
    .set({ revokedAt: options.now, revokedReason: options.reason })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}

/**
 * Marks the session seen at `now` unless it was after `staleBefore`: one conditional UPDATE
 * that matches no row while the session is fresh. True when written.
 */
export async function touchStaleSession(options: {
  db: Database;
  sessionId: string;
  now: Date;
  staleBefore: Date;
}): Promise<boolean> {
  const touched = await options.db
    .update(sessions)
    .set({ lastSeenAt: options.now })
    .where(
      and(
        eq(sessions.id, options.sessionId),
        isNull(sessions.revokedAt),
        lt(sessions.lastSeenAt, options.staleBefore),
      ),
    )
    .returning({ id: sessions.id });
  return touched.length > 0;
}

/** An organization member's latest activity, which co-workers see. */
export async function touchMembershipActivity(options: {
  db: Database;
  organizationId: string;
  userId: string;
  now: Date;
}): Promise<void> {
  await options.db
    .update(memberships)
    .set({ lastActivityAt: options.now })
    .where(
      and(
        eq(memberships.organizationId, options.organizationId),
        eq(memberships.userId, options.userId),
      ),
    );
}
