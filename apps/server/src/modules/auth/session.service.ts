import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, type Session } from '@themis/shared';
import type { Database } from '../../db/client';
import { refreshTokens, sessions, type SessionRow } from '../../db/schema';
import { AppError } from '../../errors';
import { hashToken, randomToken } from '../../platform/crypto/secrets';
import { describeUserAgent } from './user-agent';

/** Two tabs may refresh with the same token at once; within this window that is not theft. */
const REUSE_GRACE_MS = 10_000;
/** last_seen_at is written at most this often per session. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

export interface SessionTokens {
  access: string;
  refresh: string;
}

export interface Actor {
  userId: string;
  sessionId: string;
}

export interface SessionKeys {
  accessKey: Uint8Array;
}

async function signAccess(keys: SessionKeys, actor: Actor): Promise<string> {
  return new SignJWT({ sid: actor.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(actor.userId)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
    .sign(keys.accessKey);
}

async function issueRefresh(db: Database, sessionId: string): Promise<string> {
  const refresh = randomToken();
  await db.insert(refreshTokens).values({ sessionId, tokenHash: hashToken(refresh) });
  return refresh;
}

/** Opens a session (a connected device) and returns its first pair of tokens. */
export async function createSession(options: {
  db: Database;
  keys: SessionKeys;
  now: Date;
  data: { userId: string; provider: string; userAgent: string; ip: string };
}): Promise<SessionTokens & { sessionId: string }> {
  const { db, keys, now, data } = options;
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        userId: data.userId,
        provider: data.provider,
        userAgent: data.userAgent.slice(0, 512),
        ip: data.ip,
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000),
      })
      .returning({ id: sessions.id });
    const sessionId = session!.id;
    return {
      sessionId,
      access: await signAccess(keys, { userId: data.userId, sessionId }),
      refresh: await issueRefresh(tx as unknown as Database, sessionId),
    };
  });
}

const isLive = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/**
 * Exchanges a refresh token for a new pair. A token used twice outside the grace window
 * means it was copied: the whole session is revoked.
 */
export async function rotateRefreshToken(options: {
  db: Database;
  keys: SessionKeys;
  now: Date;
  refresh: string;
}): Promise<SessionTokens | 'unchanged'> {
  const { db, keys, now } = options;
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashToken(options.refresh)))
      .for('update');
    if (!row || row.session.revokedAt || row.session.expiresAt <= now) return 'refused' as const;
    if (row.token.usedAt) {
      if (now.getTime() - row.token.usedAt.getTime() <= REUSE_GRACE_MS) return 'unchanged' as const;
      await tx
        .update(sessions)
        .set({ revokedAt: now, revokedReason: 'refresh_token_reuse' })
        .where(eq(sessions.id, row.session.id));
      return 'reused' as const;
    }
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.token.id));
    await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    const actor = { userId: row.session.userId, sessionId: row.session.id };
    return {
      access: await signAccess(keys, actor),
      refresh: await issueRefresh(tx as unknown as Database, row.session.id),
    };
  });
  // Thrown outside the transaction so that revoking a reused token's session is committed.
  if (outcome === 'refused') throw new AppError('unauthorized', 401, 'refresh refused');
  if (outcome === 'reused')
    throw new AppError('unauthorized', 401, 'refresh token reused: session revoked');
  return outcome;
}

/** The actor of a request, from its access token, while its session is live. */
export async function authenticateAccess(options: {
  db: Database;
  keys: SessionKeys;
  now: Date;
  access: string | undefined;
}): Promise<Actor | undefined> {
  const { db, keys, now, access } = options;
  if (!access) return undefined;
  let userId: string | undefined;
  let sessionId: unknown;
  try {
    const { payload } = await jwtVerify(access, keys.accessKey, { algorithms: ['HS256'] });
    userId = payload.sub;
    sessionId = payload.sid;
  } catch {
    return undefined;
  }
  if (!userId || typeof sessionId !== 'string') return undefined;
  const [session] = await db
    .select({ lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isLive(now)));
  if (!session) return undefined;
  if (now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  }
  return { userId, sessionId };
}

export async function revokeSession(options: {
  db: Database;
  now: Date;
  actor: Pick<Actor, 'userId'>;
  sessionId: string;
  reason: string;
}): Promise<boolean> {
  const revoked = await options.db
    .update(sessions)
    .set({ revokedAt: options.now, revokedReason: options.reason })
    .where(
      and(
        eq(sessions.id, options.sessionId),
        eq(sessions.userId, options.actor.userId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/** Signs out every session of the user, or all but one. */
export async function revokeUserSessions(options: {
  db: Database;
  now: Date;
  userId: string;
  except?: string;
  reason: string;
}): Promise<number> {
  const conditions = [eq(sessions.userId, options.userId), isNull(sessions.revokedAt)];
  if (options.except) conditions.push(ne(sessions.id, options.except));
  const revoked = await options.db
    .update(sessions)
    .set({ revokedAt: options.now, revokedReason: options.reason })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return revoked.length;
}

export function presentSession(row: SessionRow, currentSessionId: string): Session {
  return {
    pk: row.id,
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    provider: row.provider,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    is_current: row.id === currentSessionId,
  };
}

export async function listSessions(options: {
  db: Database;
  now: Date;
  actor: Actor;
}): Promise<Session[]> {
  const rows = await options.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, options.actor.userId), isLive(options.now)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => presentSession(row, options.actor.sessionId));
}
