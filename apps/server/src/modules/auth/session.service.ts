import { jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, type Session } from '@themis/shared';
import { individualActor, organizationActor, type UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import type { SessionRow } from '../../db/schema';
import { AppError } from '../../errors';
import { hashToken, randomToken } from '../../platform/crypto/secrets';
import { describeUserAgent } from './user-agent';
import { recordSessionActivity, SESSION_ACTIVITY_EVERY_MS } from './session-activity';
import {
  findLiveSessionContext,
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  listLiveSessionIds,
  listLiveSessions,
  markRefreshTokenUsed,
  revokeSessionById,
  revokeUserSessionRows,
  type RefreshTokenWithSession,
} from './sessions.repo';

/** Two tabs may refresh with the same token at once; within this window that is not theft. */
const REUSE_GRACE_MS = 10_000;

export interface SessionTokens {
  access: string;
  refresh: string;
}

export interface SessionKeys {
  accessKey: Uint8Array;
}

/** What the session functions need of the app context. */
type SessionContext = Pick<AppContext, 'db' | 'now' | 'keys' | 'sessionEvents'>;

async function signAccess(
  keys: SessionKeys,
  actor: { userId: string; sessionId: string },
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: actor.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(actor.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_S)
    .sign(keys.accessKey);
}

async function issueRefresh(db: Database, sessionId: string): Promise<string> {
  const refresh = randomToken();
  await insertRefreshToken({ db, sessionId, tokenHash: hashToken(refresh) });
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
    const sessionId = await insertSession({
      db: tx,
      data: {
        userId: data.userId,
        provider: data.provider,
        userAgent: data.userAgent.slice(0, 512),
        ip: data.ip,
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000),
      },
    });
    return {
      sessionId,
      access: await signAccess(keys, { userId: data.userId, sessionId }, now),
      refresh: await issueRefresh(tx, sessionId),
    };
  });
}

/**
 * Exchanges a refresh token for a new pair. A token used twice outside the grace window
 * means it was copied: the whole session is revoked.
 */
export async function rotateRefreshToken(options: {
  ctx: SessionContext;
  refresh: string;
}): Promise<SessionTokens | 'unchanged'> {
  const { ctx } = options;
  const { db, keys } = ctx;
  const now = ctx.now();
  type Outcome =
    | { kind: 'refused' | 'unchanged' }
    | { kind: 'reused'; sessionId: string }
    | { kind: 'rotated'; tokens: SessionTokens };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const row = await findRefreshToken({
      db: tx,
      tokenHash: hashToken(options.refresh),
      forUpdate: true,
    });
    const state = refreshTokenState(row, now);
    if (state === 'refused') return { kind: 'refused' };
    if (state === 'grace') return { kind: 'unchanged' };
    if (state === 'reused') {
      await revokeSessionById({
        db: tx,
        sessionId: row!.session.id,
        now,
        reason: 'refresh_token_reuse',
      });
      return { kind: 'reused', sessionId: row!.session.id };
    }
    const { token, session } = row!;
    await markRefreshTokenUsed({ db: tx, tokenId: token.id, sessionId: session.id, now });
    const actor = { userId: session.userId, sessionId: session.id };
    const tokens = {
      access: await signAccess(keys, actor, now),
      refresh: await issueRefresh(tx, session.id),
    };
    return { kind: 'rotated', tokens };
  });
  // Thrown outside the transaction so that revoking a reused token's session is committed.
  switch (outcome.kind) {
    case 'refused':
      throw new AppError('unauthorized', 401, 'refresh refused');
    case 'reused':
      await ctx.sessionEvents.ended([outcome.sessionId]);
      throw new AppError('unauthorized', 401, 'refresh token reused: session revoked');
    case 'unchanged':
      return 'unchanged';
    case 'rotated':
      return outcome.tokens;
  }
}

/**
 * What a refresh token is worth now: refused (unknown, or its session ended), unused, used
 * within the grace that covers two tabs refreshing at once, or reused after it (a copy).
 */
function refreshTokenState(
  row: RefreshTokenWithSession | undefined,
  now: Date,
): 'refused' | 'unused' | 'grace' | 'reused' {
  if (!row || row.session.revokedAt || row.session.expiresAt <= now) return 'refused';
  if (!row.token.usedAt) return 'unused';
  return now.getTime() - row.token.usedAt.getTime() <= REUSE_GRACE_MS ? 'grace' : 'reused';
}

/**
 * Whether the browser should post its refresh token, read without rotating it: the session
 * bootstrap is a GET, and only the POST to /auth/token/refresh may change tokens. A token
 * reused after the grace is posted too: that POST is what revokes the session a copy of it
 * renewed, which clearing the cookie here would leave to the copy's holder.
 */
export async function shouldPostRefreshToken(options: {
  db: Database;
  refresh: string;
  now: Date;
}): Promise<boolean> {
  const row = await findRefreshToken({ db: options.db, tokenHash: hashToken(options.refresh) });
  return refreshTokenState(row, options.now) !== 'refused';
}

export interface Authenticated {
  actor: UserActor;
  /** When the access token stops being valid: an open socket closes then. */
  expiresAt: Date;
}

/** The actor of a request, from its access token, while its session is live. */
export async function authenticateAccess(options: {
  db: Database;
  keys: SessionKeys;
  now: Date;
  access: string | undefined;
}): Promise<Authenticated | undefined> {
  const { db, keys, now, access } = options;
  if (!access) return undefined;
  let userId: string | undefined;
  let sessionId: unknown;
  let exp: number | undefined;
  try {
    // A token without an expiry would be good for ever: it is refused.
    const { payload } = await jwtVerify(access, keys.accessKey, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'sid'],
      currentDate: now,
    });
    userId = payload.sub;
    sessionId = payload.sid;
    exp = payload.exp;
  } catch {
    return undefined;
  }
  if (!userId || typeof sessionId !== 'string' || exp === undefined) return undefined;
  // The session and the context its user acts in, in one query.
  const session = await findLiveSessionContext({ db, now, userId, sessionId });
  if (!session) return undefined;
  const actor =
    session.organizationId && session.role
      ? organizationActor({
          userId,
          sessionId,
          organizationId: session.organizationId,
          role: session.role,
          allowedModels: session.allowedModels,
        })
      : individualActor({ userId, sessionId });
  // Read with the session already: most requests come inside the window and write nothing.
  if (now.getTime() - session.lastSeenAt.getTime() > SESSION_ACTIVITY_EVERY_MS) {
    await recordSessionActivity({ db, now, actor });
  }
  return { actor, expiresAt: new Date(exp * 1000) };
}

/** Which sessions among `sessionIds` are still live (open sockets are checked with it). */
export async function liveSessionIds(options: {
  db: Database;
  now: Date;
  sessionIds: string[];
}): Promise<Set<string>> {
  if (options.sessionIds.length === 0) return new Set();
  return new Set(await listLiveSessionIds(options));
}

/** Ends one of the user's sessions; its open sockets close on every instance. */
export async function revokeSession(options: {
  ctx: SessionContext;
  actor: Pick<UserActor, 'userId'>;
  sessionId: string;
  reason: string;
}): Promise<boolean> {
  const { ctx } = options;
  const revoked = await revokeUserSessionRows({
    db: ctx.db,
    userId: options.actor.userId,
    sessionId: options.sessionId,
    now: ctx.now(),
    reason: options.reason,
  });
  await ctx.sessionEvents.ended(revoked);
  return revoked.length > 0;
}

/**
 * Signs out every session of the user, all but one, or those of one sign-in provider. `db`
 * may be a transaction; the sockets are closed by `announce` once it has committed.
 */
export async function revokeUserSessions(options: {
  ctx: SessionContext;
  db?: Database;
  userId: string;
  except?: string;
  provider?: string;
  reason: string;
}): Promise<{ count: number; announce(): Promise<void> }> {
  const { ctx } = options;
  const ids = await revokeUserSessionRows({
    db: options.db ?? ctx.db,
    userId: options.userId,
    now: ctx.now(),
    reason: options.reason,
    except: options.except,
    provider: options.provider,
  });
  const announce = () => ctx.sessionEvents.ended(ids);
  if (!options.db) await announce();
  return { count: ids.length, announce };
}

function presentSession(row: SessionRow, currentSessionId: string): Session {
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
  actor: UserActor;
}): Promise<Session[]> {
  const rows = await listLiveSessions({
    db: options.db,
    now: options.now,
    userId: options.actor.userId,
  });
  return rows.map((row) => presentSession(row, options.actor.sessionId));
}
