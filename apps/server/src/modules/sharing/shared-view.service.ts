import type { SharedConversation, SharedMessagePage, ShareContinueResponse } from '@themis/shared';
import { requireSharedLinkVisit } from '../../access/access';
import type { UserActor } from '../../access/actor';
import { AppError, RateLimitedError, notFound } from '../../errors';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { hashToken } from '../../platform/crypto/secrets';
import { createConversationFromTranscript } from '../conversations';
import { sharePerson, type SharingContext } from './sharing.service';
import { findOwner, recordVisitor, shareMessagePage } from './sharing.repo';

/** 256 random bits, base64url: anything else is not a link of ours. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

// An office behind one address opens many links; a guesser gains nothing from 256 bits,
// but every verification counts so none can probe at length.
const VERIFY_PER_ADDRESS = { limit: 120, windowMs: 15 * 60_000 };

/** The link the visitor may open, or the one 404 for every kind of bad link. */
async function openLink(ctx: SharingContext, actor: UserActor, secret: string) {
  if (!SECRET.test(secret)) throw notFound('shared link');
  return requireSharedLinkVisit({
    db: ctx.db,
    actor,
    secretHash: hashToken(secret),
    now: ctx.now(),
  });
}

type GuardedContext = SharingContext & { limiter: RateLimiter };
const guessesKey = (ip: string) => `share:verify:ip:${ip}`;

/**
 * The link, for the calls that read or copy it: refused once the address has used up its
 * verifications, and a link that does not open counts as one, so these calls cannot be used
 * to guess where verifying is refused. Reading the pages of a link that opens costs nothing.
 */
async function openCountingMisses(
  ctx: GuardedContext,
  actor: UserActor,
  ip: string,
  secret: string,
) {
  const state = await ctx.limiter.peek(guessesKey(ip), VERIFY_PER_ADDRESS);
  if (!state.allowed) throw new RateLimitedError(state.retryAfterS);
  try {
    return await openLink(ctx, actor, secret);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      await ctx.limiter.hit(guessesKey(ip), VERIFY_PER_ADDRESS);
    }
    throw error;
  }
}

/** What the visitor sees of a link; they are recorded at their first visit. */
export async function verifySharedLink(options: {
  ctx: GuardedContext;
  actor: UserActor;
  ip: string;
  secret: string;
}): Promise<SharedConversation> {
  const { ctx, actor, secret } = options;
  const counted = await ctx.limiter.hit(guessesKey(options.ip), VERIFY_PER_ADDRESS);
  if (!counted.allowed) throw new RateLimitedError(counted.retryAfterS);
  const share = await openLink(ctx, actor, secret);
  const isOwner = share.userId === actor.userId;
  // The owner checking their own link is not a visitor.
  if (!isOwner) await recordVisitor(ctx.db, share.id, actor.userId, ctx.now());
  const owner = await findOwner(ctx.db, share.userId);
  return {
    name: share.name,
    owner: sharePerson(ctx, owner ?? { name: null, surname: null, avatarKey: null }),
    shared_at: share.sharedAt.toISOString(),
    expired_at: share.expiresAt?.toISOString() ?? null,
    message_count: share.messageCount,
    is_owner: isOwner,
  };
}

/** A page of the shared copy, oldest first. */
export async function listSharedMessages(options: {
  ctx: GuardedContext;
  actor: UserActor;
  ip: string;
  secret: string;
  query: { after: number; limit: number };
}): Promise<SharedMessagePage> {
  const { ctx, actor, secret, query } = options;
  const share = await openCountingMisses(ctx, actor, options.ip, secret);
  const rows = await shareMessagePage(ctx.db, share.id, query.after, query.limit + 1);
  return {
    items: rows.slice(0, query.limit).map((row) => ({
      position: row.position,
      role: row.role,
      content: row.content,
      status: row.status,
      error_code: row.errorCode,
      model_id: row.modelId,
      attachments: row.attachments,
      created_at: row.createdAt.toISOString(),
    })),
    has_more: rows.length > query.limit,
  };
}

/** The whole shared copy and its link, for exporting it as a file. */
export async function readSharedCopy(options: {
  ctx: GuardedContext;
  actor: UserActor;
  ip: string;
  secret: string;
}) {
  const { ctx, actor, secret } = options;
  const share = await openCountingMisses(ctx, actor, options.ip, secret);
  const rows = await shareMessagePage(ctx.db, share.id, 0, share.messageCount);
  return { share, rows };
}

/** The shared messages copied into a new conversation of the visitor's current context. */
export async function continueSharedConversation(options: {
  ctx: GuardedContext;
  actor: UserActor;
  ip: string;
  secret: string;
}): Promise<ShareContinueResponse> {
  const { ctx, actor, secret } = options;
  const share = await openCountingMisses(ctx, actor, options.ip, secret);
  const rows = await shareMessagePage(ctx.db, share.id, 0, share.messageCount);
  const { conversationId } = await createConversationFromTranscript({
    db: ctx.db,
    unlockedKeys: ctx.unlockedKeys,
    actor,
    name: share.name,
    messages: rows.map((row) => ({
      role: row.role,
      content: row.content,
      // A copy is never taken of an answer still being written.
      status: row.status === 'streaming' ? 'cancelled' : row.status,
      errorCode: row.errorCode,
      modelId: row.modelId,
    })),
  });
  return { conversation_pk: conversationId };
}
