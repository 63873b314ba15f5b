import type { CreateEncryptionSecretsRequest, EncryptionStatus } from '@themis/shared';
import { requireContextAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { AppError, notFound, RateLimitedError } from '../../errors';
import {
  deriveKeyEncryptionKey,
  KDF_PARAMS,
  newDataKey,
  newSalt,
  unwrapDataKey,
  wrapDataKey,
} from '../../platform/crypto/conversation-crypto';
import {
  hurryEncryptionSync,
  pendingConversations,
  requestEncryptionSync,
} from './encryption-sync.service';
import {
  clearUnlockAttempts,
  findEncryptionKey,
  findSessionExpiry,
  insertEncryptionKey,
  readEncryptionState,
  reserveUnlockAttempt,
  updateEncryptionKey,
} from './encryption.repo';

type EncryptionContext = Pick<AppContext, 'db' | 'now' | 'keys' | 'unlockedKeys'>;

/** What /user/get says of the user's encryption, for this session. */
export async function encryptionStatus(options: {
  ctx: EncryptionContext;
  userId: string;
  sessionId: string;
}): Promise<EncryptionStatus> {
  const { ctx, userId, sessionId } = options;
  const row = await readEncryptionState({ db: ctx.db, userId });
  if (!row) throw notFound('user');
  // A credential being removed is as good as gone: nothing new is sealed under it.
  const keyType = row.removal ? null : row.keyType;
  const unlocked = keyType ? await ctx.unlockedKeys.get(sessionId, userId) : undefined;
  return {
    is_encryption_enabled: row.enabled,
    is_encryption_key_set: keyType !== null,
    encryption_key_type: keyType,
    is_decryption_unlocked: unlocked !== undefined,
    conversations_pending: row.syncPending ? await pendingConversations(ctx.db, userId) : null,
  };
}

/** Keeps the data key for the rest of the session (its refresh lifetime). */
async function holdForSession(ctx: EncryptionContext, actor: UserActor, dataKey: Buffer) {
  const expiresAt = await findSessionExpiry({ db: ctx.db, sessionId: actor.sessionId });
  const ttlMs = expiresAt ? expiresAt.getTime() - ctx.now().getTime() : 0;
  if (ttlMs <= 0) throw new AppError('unauthorized', 401, 'session over');
  await ctx.unlockedKeys.put({ sessionId: actor.sessionId, userId: actor.userId, dataKey, ttlMs });
}

async function wrapUnder(
  ctx: EncryptionContext,
  actor: UserActor,
  credential: string,
  dataKey: Buffer,
) {
  const salt = newSalt();
  const kek = await deriveKeyEncryptionKey({
    credential,
    salt,
    serverKey: ctx.keys.encryptionKey,
    userId: actor.userId,
    params: KDF_PARAMS,
  });
  return {
    salt: salt.toString('base64url'),
    kdf: KDF_PARAMS,
    wrappedKey: wrapDataKey({ kek, dataKey, userId: actor.userId }),
  };
}

/**
 * Sets the PIN or password protecting the user's data key. The first one makes a new data
 * key; a later one (a PIN changed to a password, a new PIN) wraps the same key again, which
 * needs it unlocked in this session. Either way the session is unlocked afterwards.
 */
export async function createEncryptionSecrets(options: {
  ctx: EncryptionContext;
  actor: UserActor;
  request: CreateEncryptionSecretsRequest;
}): Promise<EncryptionStatus> {
  const { ctx, request } = options;
  const { actor } = requireContextAccess({ actor: options.actor, action: 'encryption.manage' });
  const existing = await findEncryptionKey(ctx.db, actor.userId);
  if (existing?.removal) {
    throw new AppError('encryption_in_progress', 409, 'the old credential is being removed');
  }
  if (!existing) {
    const dataKey = newDataKey();
    const wrapped = await wrapUnder(ctx, actor, request.encryption_key, dataKey);
    const inserted = await insertEncryptionKey({
      db: ctx.db,
      values: { userId: actor.userId, keyType: request.encryption_key_type, ...wrapped },
    });
    // Another request set one meanwhile: this data key was never used.
    if (!inserted) throw new AppError('encryption_in_progress', 409, 'key set meanwhile');
    // Sessions may not keep a data key of a credential removed before.
    await ctx.unlockedKeys.dropUser(actor.userId);
    await holdForSession(ctx, actor, dataKey);
    // A context that is already encrypted (an organization forcing it) has plain
    // conversations waiting for this key.
    await ctx.db.transaction((tx) => requestEncryptionSync(tx, actor.userId));
  } else {
    const dataKey = await ctx.unlockedKeys.get(actor.sessionId, actor.userId);
    if (!dataKey) throw new AppError('decryption_locked', 403, 'replace needs an unlock');
    const wrapped = await wrapUnder(ctx, actor, request.encryption_key, dataKey);
    await updateEncryptionKey({
      db: ctx.db,
      userId: actor.userId,
      set: {
        keyType: request.encryption_key_type,
        ...wrapped,
        failedAttempts: 0,
        blockedUntil: null,
        updatedAt: ctx.now(),
      },
    });
  }
  return encryptionStatus({ ctx, userId: actor.userId, sessionId: actor.sessionId });
}

/**
 * Unlocks the data key for this session with the PIN or password. Every attempt counts;
 * after the free ones a wrong one makes the next wait (see reserveUnlockAttempt).
 */
export async function unlockDecryption(options: {
  ctx: EncryptionContext;
  actor: UserActor;
  credential: string;
}): Promise<EncryptionStatus> {
  const { ctx, credential } = options;
  const { actor } = requireContextAccess({ actor: options.actor, action: 'encryption.unlock' });
  const key = await findEncryptionKey(ctx.db, actor.userId);
  if (!key) throw new AppError('encryption_key_missing', 400);
  const now = ctx.now();
  const reserved = await reserveUnlockAttempt({ db: ctx.db, userId: actor.userId, now });
  if (!reserved) {
    const waitMs = (key.blockedUntil?.getTime() ?? now.getTime()) - now.getTime();
    throw new RateLimitedError(Math.max(1, Math.ceil(waitMs / 1000)));
  }
  const kek = await deriveKeyEncryptionKey({
    credential,
    salt: Buffer.from(reserved.salt, 'base64url'),
    serverKey: ctx.keys.encryptionKey,
    userId: actor.userId,
    params: reserved.kdf,
  });
  const dataKey = unwrapDataKey({ kek, wrapped: reserved.wrappedKey, userId: actor.userId });
  if (!dataKey) throw new AppError('incorrect_decryption_password', 400);
  await clearUnlockAttempts(ctx.db, actor.userId);
  await holdForSession(ctx, actor, dataKey);
  await hurryEncryptionSync(ctx.db, actor.userId);
  return encryptionStatus({ ctx, userId: actor.userId, sessionId: actor.sessionId });
}

/**
 * Forgets the data key this session holds: its encrypted conversations are locked again,
 * in all its tabs, until the next unlock. Other sessions keep theirs.
 */
export async function lockDecryption(options: {
  ctx: EncryptionContext;
  actor: UserActor;
}): Promise<EncryptionStatus> {
  const { ctx } = options;
  const { actor } = requireContextAccess({ actor: options.actor, action: 'encryption.unlock' });
  await ctx.unlockedKeys.dropSessions([actor.sessionId]);
  return encryptionStatus({ ctx, userId: actor.userId, sessionId: actor.sessionId });
}
