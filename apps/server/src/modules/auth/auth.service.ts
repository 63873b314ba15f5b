import type {
  ActivateRequest,
  AuthUser,
  Language,
  LoginConfirmRequest,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
} from '@themis/shared';
import { CODE_RULES, TRUSTED_DEVICE_TTL_S } from '@themis/shared';
import type { UserRow } from '../../db/schema';
import { AppError, RateLimitedError } from '../../errors';
import {
  burnPasswordCheck,
  hashPassword,
  hashToken,
  randomToken,
  verifyPassword,
} from '../../platform/crypto/secrets';
import { enforceLimit, LIMITS, type RequestOrigin } from './auth.context';
import type { AppContext } from '../../app-context';
import { queueNewDeviceNotice, queueRegistrationAttemptNotice } from './account-notices';
import {
  codeCooldownLeftMs,
  consumeCode,
  countCodeCall,
  issueCode,
  storeCode,
} from './codes.service';
import { createSession, type SessionTokens } from './session.service';
import {
  consumeLoginChallenge,
  findOpenChallengeUser,
  insertLoginChallenge,
} from './challenges.repo';
import { hasTrustedDevice, insertTrustedDevice } from './trusted-devices.repo';
import { findUserByEmail, insertUserOnDefaultPlan, updateUser } from '../../repos/users.repo';

export interface SignedIn {
  user: AuthUser;
  tokens: SessionTokens;
  /** Set when the device was just trusted: the cookie to remember it by. */
  deviceToken?: string;
}

export function presentAuthUser(user: UserRow): AuthUser {
  return { pk: user.id, email: user.email, has_personal_info_set: user.hasPersonalInfoSet };
}

async function sendCode(
  ctx: AppContext,
  user: UserRow,
  purpose: 'USER_ACTIVATION' | 'USER_AUTHENTICATION',
  resend: boolean,
) {
  const code = await issueCode({
    db: ctx.db,
    codeKey: ctx.keys.codeKey,
    now: ctx.now(),
    userId: user.id,
    kind: purpose,
    enforceCooldown: resend,
  });
  await ctx.queueMail({
    to: user.email,
    language: user.language as Language,
    template: { kind: 'verification_code', purpose, code },
  });
}

/** Opens a session for a user who proved who they are: password and code, or a provider. */
export async function signIn(
  ctx: AppContext,
  user: UserRow,
  origin: RequestOrigin,
  provider = 'system',
): Promise<SignedIn> {
  const session = await createSession({
    db: ctx.db,
    keys: ctx.keys,
    now: ctx.now(),
    data: { userId: user.id, provider, userAgent: origin.userAgent, ip: origin.ip },
  });
  return {
    user: presentAuthUser(user),
    tokens: { access: session.access, refresh: session.refresh },
  };
}

/** At most one "someone tried to register" notice per account in a code's resend cooldown. */
const REGISTRATION_NOTICE_RULE = { limit: 1, windowMs: CODE_RULES.resendCooldownMs };

/**
 * Creates an account waiting for activation and e-mails its code. Registering again an
 * address that was never activated replaces the password; a fresh code follows only after
 * the resend cooldown. For an address with an active account nothing changes and its owner
 * is told by e-mail instead. The answer is the same in every case, and so is the work
 * awaited, as far as it can be: one lookup, one password hash, then one transaction that
 * queues at most one e-mail.
 */
export async function registerUser(options: {
  ctx: AppContext;
  origin: RequestOrigin;
  data: RegisterRequest;
}) {
  const { ctx, origin, data } = options;
  await enforceLimit(ctx.limiter, `register:ip:${origin.ip}`, {
    ...LIMITS.registerPerIp,
    limit: ctx.config.registerLimitPerHour,
  });
  const [existing, passwordHash] = await Promise.all([
    findUserByEmail({ db: ctx.db, email: data.email }),
    hashPassword(data.password),
  ]);
  const now = ctx.now();
  if (existing?.activatedAt) {
    const key = `register:notice:${existing.id}`;
    const notice = await ctx.limiter.hit(key, REGISTRATION_NOTICE_RULE);
    // A transaction even when nothing is queued, as on the other path.
    await ctx.db.transaction(async (tx) => {
      if (notice.allowed) await queueRegistrationAttemptNotice(ctx, existing, tx);
    });
    return { email: data.email };
  }
  await ctx.db.transaction(async (tx) => {
    const fields = { passwordHash, language: data.language, termsAcceptedAt: now, updatedAt: now };
    // An address waiting for activation keeps the password it was registered with: whoever
    // registers it again gets a new code sent to its mailbox, never the account.
    const user = existing
      ? await updateUser({
          db: tx,
          userId: existing.id,
          set: { language: data.language, updatedAt: now },
        })
      : await insertUserOnDefaultPlan({ db: tx, values: { ...fields, email: data.email } });
    // Two registrations of one address at once: the first one's code is on its way.
    if (!user) return;
    const kind = 'USER_ACTIVATION';
    if (existing && (await codeCooldownLeftMs({ db: tx, now, userId: user.id, kind }))) return;
    const code = await storeCode({ db: tx, codeKey: ctx.keys.codeKey, now, userId: user.id, kind });
    const template = { kind: 'verification_code', purpose: kind, code } as const;
    await ctx.queueMail({ to: user.email, language: data.language, template }, tx);
  });
  return { email: data.email };
}

export async function resendActivationCode(options: {
  ctx: AppContext;
  origin: RequestOrigin;
  email: string;
  language: Language;
}) {
  const { ctx, origin } = options;
  await countCodeCall(ctx, origin.ip);
  const perAddress = LIMITS.activationResendPerAddress;
  await enforceLimit(ctx.limiter, `code:resend:${options.email}`, perAddress);
  const user = await findUserByEmail({ db: ctx.db, email: options.email });
  // The same answer whether or not the address waits for activation.
  if (!user || user.activatedAt) return;
  if (user.language !== options.language) {
    await updateUser({ db: ctx.db, userId: user.id, set: { language: options.language } });
    user.language = options.language;
  }
  await sendCode(ctx, user, 'USER_ACTIVATION', true);
}

/** Confirms the e-mailed activation code; the account becomes active and is signed in. */
export async function activateUser(options: {
  ctx: AppContext;
  origin: RequestOrigin;
  data: ActivateRequest;
}): Promise<SignedIn> {
  const { ctx, origin, data } = options;
  await countCodeCall(ctx, origin.ip);
  const user = await findUserByEmail({ db: ctx.db, email: data.email });
  if (!user || user.activatedAt)
    throw new AppError('code_invalid', 400, 'no account waits for activation');
  await consumeCode({
    db: ctx.db,
    codeKey: ctx.keys.codeKey,
    limiter: ctx.limiter,
    now: ctx.now(),
    userId: user.id,
    kind: 'USER_ACTIVATION',
    code: data.code,
  });
  const activated = await updateUser({
    db: ctx.db,
    userId: user.id,
    set: { activatedAt: ctx.now(), updatedAt: ctx.now() },
  });
  return signIn(ctx, activated!, origin);
}

export async function isTrustedDevice(
  ctx: AppContext,
  userId: string,
  deviceToken: string | undefined,
): Promise<boolean> {
  if (!deviceToken) return false;
  return hasTrustedDevice({
    db: ctx.db,
    userId,
    tokenHash: hashToken(deviceToken),
    now: ctx.now(),
  });
}

/**
 * First step of signing in. A trusted device is signed in at once; any other gets a
 * challenge and an e-mailed code.
 */
export async function login(options: {
  ctx: AppContext;
  origin: RequestOrigin;
  deviceToken: string | undefined;
  data: LoginRequest;
}): Promise<{ response: LoginResponse; signedIn?: SignedIn }> {
  const { ctx, origin, data } = options;
  const user = await findUserByEmail({ db: ctx.db, email: data.email });
  const trusted = user ? await isTrustedDevice(ctx, user.id, options.deviceToken) : false;
  // Both limits count wrong passwords only, so many people behind one address can sign in.
  // A trusted device counts apart: guessing from elsewhere cannot lock the owner out of it.
  const accountKey = trusted
    ? `login:account:${data.email}:device:${hashToken(options.deviceToken!)}`
    : `login:account:${data.email}`;
  const limits = [
    [`login:ip:${origin.ip}`, LIMITS.loginPerIp],
    [accountKey, LIMITS.loginPerAccount],
  ] as const;
  for (const [key, rule] of limits) {
    const state = await ctx.limiter.peek(key, rule);
    if (!state.allowed) throw new RateLimitedError(state.retryAfterS);
  }
  let passwordOk = false;
  if (user?.passwordHash) passwordOk = await verifyPassword(user.passwordHash, data.password);
  else await burnPasswordCheck(data.password);
  if (!user || !passwordOk) {
    for (const [key, rule] of limits) await ctx.limiter.hit(key, rule);
    throw new AppError('invalid_credentials', 400);
  }
  if (!user.activatedAt) throw new AppError('user_is_not_activated', 403);
  await ctx.limiter.reset(accountKey);

  if (trusted) {
    const signedIn = await signIn(ctx, user, origin);
    return { response: { status: 'authenticated', user: signedIn.user }, signedIn };
  }
  const challenge = randomToken();
  await insertLoginChallenge({
    db: ctx.db,
    userId: user.id,
    tokenHash: hashToken(challenge),
    expiresAt: new Date(ctx.now().getTime() + CODE_RULES.ttlMs),
  });
  await sendCode(ctx, user, 'USER_AUTHENTICATION', false);
  return { response: { status: 'code_required', challenge_token: challenge } };
}

async function openChallenge(ctx: AppContext, challengeToken: string): Promise<UserRow> {
  const user = await findOpenChallengeUser({
    db: ctx.db,
    tokenHash: hashToken(challengeToken),
    now: ctx.now(),
  });
  if (!user) throw new AppError('code_expired', 400, 'login challenge unknown or expired');
  return user;
}

/**
 * Second step: the e-mailed code; optionally remembers the device to skip this step. The
 * owner is told of the sign-in on a new device.
 */
export async function confirmLogin(options: {
  ctx: AppContext;
  origin: RequestOrigin;
  data: LoginConfirmRequest;
}): Promise<SignedIn> {
  const { ctx, origin, data } = options;
  await countCodeCall(ctx, origin.ip);
  const user = await openChallenge(ctx, data.challenge_token);
  await consumeCode({
    db: ctx.db,
    codeKey: ctx.keys.codeKey,
    limiter: ctx.limiter,
    now: ctx.now(),
    userId: user.id,
    kind: 'USER_AUTHENTICATION',
    code: data.code,
  });
  await consumeLoginChallenge({
    db: ctx.db,
    tokenHash: hashToken(data.challenge_token),
    now: ctx.now(),
  });
  const signedIn = await signIn(ctx, user, origin);
  if (data.trust_device) {
    const deviceToken = randomToken();
    await insertTrustedDevice({
      db: ctx.db,
      userId: user.id,
      tokenHash: hashToken(deviceToken),
      expiresAt: new Date(ctx.now().getTime() + TRUSTED_DEVICE_TTL_S * 1000),
    });
    signedIn.deviceToken = deviceToken;
  }
  // A challenge is only ever opened for a device that was not trusted.
  await queueNewDeviceNotice(ctx, user, { origin, method: 'password' });
  return signedIn;
}

export async function resendLoginCode(options: {
  ctx: AppContext;
  origin: RequestOrigin;
  challengeToken: string;
}) {
  const { ctx, origin } = options;
  await countCodeCall(ctx, origin.ip);
  const user = await openChallenge(ctx, options.challengeToken);
  await sendCode(ctx, user, 'USER_AUTHENTICATION', true);
}
