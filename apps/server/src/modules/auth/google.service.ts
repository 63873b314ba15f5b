import { DEFAULT_LANGUAGE, LANGUAGES, NAME_MAX, type Language } from '@themis/shared';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { seal, unseal } from '../../platform/crypto/sealed';
import {
  createOidcClient,
  OidcError,
  type OidcChecks,
  type OidcClient,
  type OidcIdentity,
} from '../../platform/oidc/oidc-client';
import { API_PREFIX } from '../../runtime-config';
import { enforceLimit, LIMITS, type RequestOrigin } from './auth.context';
import type { AppContext } from '../../app-context';
import { queueNewDeviceNotice } from './account-notices';
import { isTrustedDevice, signIn, type SignedIn } from './auth.service';
import { isSafeReturnPath } from './return-path';
import { findLinkedUser, insertExternalAccount } from './external-accounts.repo';
import { findUserByEmail, insertUserOnDefaultPlan, updateUser } from '../../repos/users.repo';

const GOOGLE = 'google';
export const GOOGLE_CALLBACK_PATH = `${API_PREFIX}/auth/callback/google`;
/** Long enough to sign in at the provider, short enough that a stolen cookie soon expires. */
export const GOOGLE_STATE_TTL_S = 600;

interface SignInState extends OidcChecks {
  provider: string;
  from?: string;
}

/** The Google relying party, or undefined while GOOGLE_CLIENT_ID is unset. */
export function createGoogleClient(ctx: AppContext): OidcClient | undefined {
  const { config } = ctx;
  if (!config.googleClientId || !config.googleClientSecret) return undefined;
  return createOidcClient({
    issuerUrl: config.googleIssuerUrl,
    clientId: config.googleClientId,
    clientSecret: config.googleClientSecret,
    redirectUri: `${config.publicUrl.origin}${GOOGLE_CALLBACK_PATH}`,
    scope: 'openid email profile',
  });
}

function asAppError(error: unknown): unknown {
  if (!(error instanceof OidcError)) return error;
  return error.kind === 'unavailable'
    ? new AppError('service_unavailable', 503, error.message)
    : new AppError('unauthorized', 401, error.message);
}

/**
 * First leg: the provider's authorization URL, and the sealed value (state, nonce, PKCE
 * verifier, return path) the browser carries to the callback in a cookie.
 */
export async function startGoogleSignIn(options: {
  ctx: AppContext;
  google: OidcClient;
  origin: RequestOrigin;
  from: string | undefined;
}): Promise<{ url: string; sealedState: string }> {
  const { ctx, google, origin } = options;
  await enforceLimit(ctx.limiter, `provider-start:ip:${origin.ip}`, LIMITS.providerStartPerIp);
  const started = await google.startAuthorization().catch((error: unknown) => {
    throw asAppError(error);
  });
  const state: SignInState = {
    ...started.checks,
    provider: GOOGLE,
    ...(isSafeReturnPath(options.from) && { from: options.from }),
  };
  const sealedState = seal({
    key: ctx.keys.providerStateKey,
    value: state,
    now: ctx.now(),
    ttlMs: GOOGLE_STATE_TTL_S * 1000,
  });
  return { url: started.url.href, sealedState };
}

function openState(ctx: AppContext, sealed: string | undefined): SignInState {
  const value = sealed
    ? unseal({ key: ctx.keys.providerStateKey, sealed, now: ctx.now() })
    : undefined;
  const state = (value && typeof value === 'object' ? value : {}) as Partial<SignInState>;
  const complete = [state.state, state.nonce, state.codeVerifier].every(
    (part) => typeof part === 'string' && part.length > 0,
  );
  if (!complete || state.provider !== GOOGLE) {
    throw new AppError('unauthorized', 401, 'sign-in state cookie missing, changed or expired');
  }
  return state as SignInState;
}

const trimName = (value: string | undefined) => value?.trim().slice(0, NAME_MAX) || null;

/** Thrown inside the transaction when a concurrent callback inserted a row first. */
class LostRace extends Error {}

async function findOrCreateUser(options: {
  db: Database;
  now: Date;
  identity: OidcIdentity & { email: string };
  language: Language;
}): Promise<UserRow> {
  const { db, now, identity, language } = options;
  return db.transaction(async (tx) => {
    const linked = await findLinkedUser({ db: tx, provider: GOOGLE, subject: identity.subject });
    if (linked) return linked;

    let user = await findUserByEmail({ db: tx, email: identity.email });
    if (user && !user.activatedAt) {
      // The provider proved the address; a password chosen before that was proven by no
      // one, so it is dropped: whoever registered the address first keeps no way in.
      user = await updateUser({
        db: tx,
        userId: user.id,
        set: { activatedAt: now, passwordHash: null, updatedAt: now },
      });
    }
    if (!user) {
      user = await insertUserOnDefaultPlan({
        db: tx,
        values: {
          email: identity.email,
          passwordHash: null,
          userType: 'EXTERNAL',
          activatedAt: now,
          name: trimName(identity.givenName),
          surname: trimName(identity.familyName),
          hasPersonalInfoSet: false,
          language,
        },
      });
      if (!user) throw new LostRace('an account of this address was created meanwhile');
    }
    const linkedNow = await insertExternalAccount({
      db: tx,
      userId: user.id,
      provider: GOOGLE,
      subject: identity.subject,
      email: identity.email,
    });
    if (!linkedNow) throw new LostRace('the provider account was linked meanwhile');
    return user;
  });
}

/**
 * The already linked user, else the account of the same address, else a new one. Two
 * callbacks at once both try to insert: the loser's transaction rolls back and its next
 * attempt finds the winner's rows.
 */
async function linkGoogleAccount(options: Parameters<typeof findOrCreateUser>[0]) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await findOrCreateUser(options);
    } catch (error) {
      if (!(error instanceof LostRace) || attempt >= 3) throw error;
    }
  }
}

/**
 * Second leg: checks the callback against the sealed state, exchanges the code and signs
 * in the user of the verified address. No e-mailed code follows: the provider has already
 * authenticated the person. The owner is told of a sign-in on a device not trusted before.
 */
export async function completeGoogleSignIn(options: {
  ctx: AppContext;
  google: OidcClient;
  origin: RequestOrigin;
  /** The callback's query string, as received. */
  search: string;
  sealedState: string | undefined;
  language: string | undefined;
  /** The trusted-device cookie, if the browser has one. */
  deviceToken: string | undefined;
}): Promise<{ signedIn: SignedIn; from?: string }> {
  const { ctx, google } = options;
  const checks = openState(ctx, options.sealedState);
  const callbackUrl = new URL(`${GOOGLE_CALLBACK_PATH}${options.search}`, ctx.config.publicUrl);
  const identity = await google
    .finishAuthorization({ callbackUrl, checks })
    .catch((error: unknown) => {
      throw asAppError(error);
    });
  if (!identity.email || !identity.emailVerified) {
    throw new AppError(
      'provider_email_not_verified',
      400,
      'the provider did not vouch for the address',
    );
  }
  const language = LANGUAGES.find((known) => known === options.language) ?? DEFAULT_LANGUAGE;
  const now = ctx.now();
  const user = await linkGoogleAccount({
    db: ctx.db,
    now,
    identity: { ...identity, email: identity.email.toLowerCase() },
    language,
  });
  const signedIn = await signIn(ctx, user, options.origin, GOOGLE);
  // An account this sign-in created or activated has no other device to be new to.
  const activeBefore = user.activatedAt !== null && user.activatedAt < now;
  if (activeBefore && !(await isTrustedDevice(ctx, user.id, options.deviceToken))) {
    await queueNewDeviceNotice(ctx, user, { origin: options.origin, method: 'google' });
  }
  return { signedIn, ...(checks.from && { from: checks.from }) };
}
