import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ChangePasswordRequest,
  DeleteAccountRequest,
  Language,
  SetPasswordRequest,
} from '@themis/shared';
import { ACCOUNT_CODE_KINDS } from '@themis/shared';
import { users } from '../../db/schema';
import { AppError, RateLimitedError } from '../../errors';
import { hashPassword, verifyPassword } from '../../platform/crypto/secrets';
import { userFilesPrefix } from '../../platform/storage/storage';
import { LIMITS } from './auth.context';
import { endBillingOfRemovedOwner } from '../billing/owner-gone.service';
import type { AppContext } from '../../app-context';
import { queueAccountDeletedNotice, queuePasswordChangedNotice } from './account-notices';
import { consumeCode, countCodeCall, issueCode } from './codes.service';
import type { UserActor } from '../../access/actor';
import { requireUserRow } from '../../repos/users.repo';
import { revokeUserSessions } from './session.service';

type AccountCodeKind = (typeof ACCOUNT_CODE_KINDS)[number];

const currentUser = (ctx: AppContext, actor: UserActor) => requireUserRow(ctx.db, actor.userId);

/** E-mails the signed-in user a code for a password change or the account's deletion. */
export async function sendAccountCode(options: {
  ctx: AppContext;
  actor: UserActor;
  kind: AccountCodeKind;
}): Promise<void> {
  const { ctx, actor, kind } = options;
  const user = await currentUser(ctx, actor);
  const code = await issueCode({
    db: ctx.db,
    codeKey: ctx.keys.codeKey,
    now: ctx.now(),
    userId: user.id,
    kind,
    enforceCooldown: true,
  });
  await ctx.queueMail({
    to: user.email,
    language: user.language as Language,
    template: { kind: 'verification_code', purpose: kind, code },
  });
}

/**
 * Sets a new password after the e-mailed code; every other device is signed out and the
 * owner is told by e-mail.
 */
export async function changePassword(options: {
  ctx: AppContext;
  actor: UserActor;
  ip: string;
  data: ChangePasswordRequest;
}): Promise<void> {
  const { ctx, actor, data } = options;
  // The per-IP limit of the sign-in codes: a session is no licence to guess codes.
  await countCodeCall(ctx, options.ip);
  await consumeCode({
    db: ctx.db,
    codeKey: ctx.keys.codeKey,
    limiter: ctx.limiter,
    now: ctx.now(),
    userId: actor.userId,
    kind: 'USER_PASSWORD_CHANGE',
    code: data.verification_code,
  });
  const passwordHash = await hashPassword(data.new_password);
  const [owner] = await ctx.db
    .update(users)
    .set({ passwordHash, updatedAt: ctx.now() })
    .where(eq(users.id, actor.userId))
    .returning({ email: users.email, language: users.language });
  if (owner) await queuePasswordChangedNotice(ctx, owner);
  await revokeUserSessions({
    ctx,
    userId: actor.userId,
    except: actor.sessionId,
    reason: 'password_changed',
  });
}

/**
 * Sets the first password of an account that has none (created through Google). The
 * condition sits in the update itself, so two requests at once cannot both set one.
 */
export async function setFirstPassword(options: {
  ctx: AppContext;
  actor: UserActor;
  data: SetPasswordRequest;
}): Promise<void> {
  const { ctx, actor, data } = options;
  const user = await currentUser(ctx, actor);
  if (user.passwordHash) throw new AppError('password_already_set', 409);
  const passwordHash = await hashPassword(data.password);
  const updated = await ctx.db
    .update(users)
    .set({ passwordHash, updatedAt: ctx.now() })
    .where(and(eq(users.id, actor.userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError('password_already_set', 409);
}

/**
 * Deletes the account and, through the foreign keys, everything it owns; e-mails the
 * address that it is gone; then deletes its stored files, which no row names any more (a
 * failure there is logged, the account stays deleted). The password (when the account has
 * one) is checked before the code, under the login limits; the code under the code limits.
 */
export async function deleteAccount(options: {
  ctx: AppContext;
  log: FastifyBaseLogger;
  actor: UserActor;
  ip: string;
  data: DeleteAccountRequest;
}): Promise<void> {
  const { ctx, actor, data } = options;
  const user = await currentUser(ctx, actor);
  if (user.passwordHash) {
    const key = `login:account:${user.email}`;
    const state = await ctx.limiter.peek(key, LIMITS.loginPerAccount);
    if (!state.allowed) throw new RateLimitedError(state.retryAfterS);
    if (!data.password || !(await verifyPassword(user.passwordHash, data.password))) {
      await ctx.limiter.hit(key, LIMITS.loginPerAccount);
      throw new AppError('invalid_credentials', 400);
    }
  }
  await countCodeCall(ctx, options.ip);
  await consumeCode({
    db: ctx.db,
    codeKey: ctx.keys.codeKey,
    limiter: ctx.limiter,
    now: ctx.now(),
    userId: user.id,
    kind: 'USER_DELETE',
    code: data.verification_code,
  });
  // Revoked first, so that every open socket of the account is closed with it.
  await revokeUserSessions({ ctx, userId: user.id, reason: 'account_deleted' });
  await endBillingOfRemovedOwner(ctx, { kind: 'user', userId: user.id });
  await ctx.db.delete(users).where(eq(users.id, user.id));
  await queueAccountDeletedNotice(ctx, user);
  await ctx.storage.deletePrefix(userFilesPrefix(user.id)).catch((error: unknown) => {
    options.log.error({ err: error, userId: user.id }, 'files of a deleted account not removed');
  });
}
