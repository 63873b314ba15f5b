import type {
  EncryptionStatus,
  ConnectedServiceList,
  PersonalDetailsRequest,
  UserResponse,
} from '@themis/shared';
import { PROVIDER_NAMES } from '@themis/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { encryptionStatus } from '../encryption';
import { isFreePlanRow } from '../plans';
import type { PlanRow, UserRow } from '../../db/schema';
import type { FileStorage } from '../../platform/storage/storage';
import { lockUserRow, requireUserWithPlan, updateUser } from '../../repos/users.repo';
import { listLinkedProviders } from './user.repo';
import {
  avatarUrl,
  discardFile,
  renderAvatar,
  storeAvatar,
  type AvatarChange,
} from './user-avatar.service';

interface ActorRef {
  userId: string;
  sessionId: string;
}

/** `publicOrigin`: PUBLIC_URL's origin, for the absolute picture address. */
function presentUser(
  user: UserRow,
  plan: PlanRow | undefined,
  publicOrigin: string,
  encryption: EncryptionStatus,
): UserResponse {
  return {
    pk: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    avatar_url: avatarUrl(publicOrigin, user.avatarKey),
    phone_prefix: user.phonePrefix,
    phone_number: user.phoneNumber,
    has_personal_info_set: user.hasPersonalInfoSet,
    has_password: user.passwordHash !== null,
    user_type: user.userType,
    language: user.language,
    customer: {
      plan: {
        product_name: plan?.productName ?? '',
        pk: plan?.id ?? '',
        is_free: plan ? isFreePlanRow(plan) : false,
      },
    },
    encryption,
  };
}

const loadUser = (db: Database, actor: ActorRef) => requireUserWithPlan(db, actor.userId);

/** The signed-in user's own record; there is no way to name another user here. */
export async function getUser(options: {
  ctx: Pick<AppContext, 'db' | 'now' | 'keys' | 'unlockedKeys'>;
  actor: ActorRef;
  publicOrigin: string;
}): Promise<UserResponse> {
  const { ctx, actor } = options;
  const [row, encryption] = await Promise.all([
    loadUser(ctx.db, actor),
    encryptionStatus({ ctx, userId: actor.userId, sessionId: actor.sessionId }),
  ]);
  return presentUser(row.user, row.plan ?? undefined, options.publicOrigin, encryption);
}

/**
 * Saves name, surname and phone (the first save completes the personal info) and keeps,
 * replaces or removes the picture. Nothing is half-done: the picture is checked before
 * anything is written, a new file that the row does not end up naming is deleted, and the
 * old file goes only once the row no longer names it.
 */
export async function updatePersonalDetails(options: {
  ctx: Pick<AppContext, 'db' | 'now' | 'keys' | 'unlockedKeys'>;
  storage: FileStorage;
  log: FastifyBaseLogger;
  actor: ActorRef;
  now: Date;
  publicOrigin: string;
  data: PersonalDetailsRequest;
  avatar?: AvatarChange;
}): Promise<UserResponse> {
  const { ctx, storage, log, actor, data } = options;
  const { db } = ctx;
  const avatar = options.avatar ?? { kind: 'keep' };
  const newKey =
    avatar.kind === 'set'
      ? await storeAvatar({ storage, actor, picture: await renderAvatar({ bytes: avatar.bytes }) })
      : null;
  let oldKey: string | null;
  try {
    oldKey = await db.transaction(async (tx) => {
      // Locked, so that of two uploads at once each deletes exactly the file it replaced.
      const row = await lockUserRow(tx, actor.userId);
      await updateUser({
        db: tx,
        userId: actor.userId,
        set: {
          name: data.name,
          surname: data.surname,
          ...(data.phone_prefix !== undefined && { phonePrefix: data.phone_prefix || null }),
          ...(data.phone_number !== undefined && { phoneNumber: data.phone_number || null }),
          ...(avatar.kind !== 'keep' && { avatarKey: newKey }),
          hasPersonalInfoSet: true,
          updatedAt: options.now,
        },
      });
      return row.avatarKey;
    });
  } catch (error) {
    if (newKey) await discardFile({ storage, log, key: newKey });
    throw error;
  }
  if (avatar.kind !== 'keep' && oldKey) await discardFile({ storage, log, key: oldKey });
  return getUser({ ctx, actor, publicOrigin: options.publicOrigin });
}

/** The ways the user signs in: linked providers, and 'system' when a password is set. */
export async function listConnectedServices(options: {
  db: Database;
  actor: ActorRef;
}): Promise<ConnectedServiceList> {
  const { db, actor } = options;
  const { user } = await loadUser(db, actor);
  const linked = await listLinkedProviders({ db, userId: actor.userId });
  const known = new Set<string>(PROVIDER_NAMES);
  const services: ConnectedServiceList = linked
    .filter((provider): provider is ConnectedServiceList[number]['provider_name'] =>
      known.has(provider),
    )
    .sort()
    .map((provider) => ({ provider_name: provider }));
  if (user.passwordHash) services.push({ provider_name: 'system' });
  return services;
}
