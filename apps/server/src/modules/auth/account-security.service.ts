import type {
  ChangePasswordRequest,
  DeleteAccountRequest,
  Language,
  SetPasswordRequest,
} from '@themis/shared';
import { ACCOUNT_CODE_KINDS } from '@themis/shared';
import { AppError, RateLimitedError } from '../../errors';
import { hashPassword, verifyPassword } from '../../platform/crypto/secrets';
import { LIMITS } from './auth.context';
import type { AppContext } from '../../app-context';
import { queuePasswordChangedNotice } from './account-notices';
import { consumeCode, countCodeCall, issueCode } from './codes.service';
import { revokeUserSessions } from './session.service';
import type { UserActor } from '../../access/actor';
import type { UserRow } from '../../db/schema';
import { requireUserRow, setFirstPasswordHash, updateUser } from '../../repos/users.repo';

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
  const owner = await updateUser({
    db: ctx.db,
    userId: actor.userId,
    set: { passwordHash, updatedAt: ctx.now() },
  });
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
  const set = await setFirstPasswordHash({
    db: ctx.db,
    userId: actor.userId,
    passwordHash,
    now: ctx.now(),
  });
  if (!set) throw new AppError('password_already_set', 409);
}

/**
 * What deleting the account asks first: the password (when the account has one), checked
 * under the login limits, then the e-mailed code under the code limits.
 */
export async function confirmAccountDeletion(options: {
  ctx: AppContext;
  user: UserRow;
  ip: string;
  data: DeleteAccountRequest;
}): Promise<void> {
  const { ctx, user, data } = options;
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
}
