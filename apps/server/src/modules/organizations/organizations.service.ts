import { randomBytes } from 'node:crypto';
import type { Membership, Organization, OrganizationUpdateFields } from '@themis/shared';
import { requireContextAccess, requireOrganizationAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import { settingVisibilityOf } from '../../access/policies';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { PictureChange } from '../../plugins/picture-form';
import type { LlmGateway } from '../../platform/llm/llm';
import { organizationFilesPrefix, type StoredFile } from '../../platform/storage/storage';
import type { OrganizationRow } from '../../db/schema';
import { discardFile, renderAvatar } from '../user';
import {
  findOrganizationName,
  findVisibleLogo,
  insertOrganizationWithOwner,
  listMemberIds,
  listMemberships,
  setCurrentOrganization,
  setOrganizationLogo,
  updateOrganizationRow,
  type OrganizationView,
} from './organizations.repo';
import { setEncryptionForced } from '../encryption';
import { recordAudit, type AuditOrigin } from '../audit';

const LOGO_TYPE = 'image/webp';
const logoKeyFor = (organizationId: string) =>
  `${organizationFilesPrefix(organizationId)}logo/${randomBytes(16).toString('hex')}.webp`;
const FILE_ID = /^[0-9a-f]{32}$/;
const fileIdOf = (key: string) => /([0-9a-f]{32})\.webp$/.exec(key)?.[1] ?? null;

function logoUrl(publicOrigin: string, avatarKey: string | null): string | null {
  const fileId = avatarKey ? fileIdOf(avatarKey) : null;
  return fileId ? `${publicOrigin}/api/organization/logo/${fileId}` : null;
}

function presentOrganization(view: OrganizationView, publicOrigin: string): Organization {
  const { organization, role } = view;
  return {
    pk: organization.id,
    name: organization.name,
    avatar_url: logoUrl(publicOrigin, organization.avatarKey),
    co_members_count: Math.max(0, view.membersCount - 1),
    role,
    setting_visibility: settingVisibilityOf(role),
    is_encryption_forced: organization.encryptionForced,
    is_sharing_outside_allowed: organization.sharingOutsideAllowed,
    is_export_allowed: organization.exportAllowed,
    allowed_models: organization.allowedModels,
  };
}

function presentMembership(view: OrganizationView, publicOrigin: string): Membership {
  return {
    pk: view.membershipId,
    organization: presentOrganization(view, publicOrigin),
    role: view.role,
    is_encryption_enabled: view.encryptionEnabled,
    is_encryption_forced: view.organization.encryptionForced,
  };
}

export async function readOrganization(options: {
  db: Database;
  actor: UserActor;
  organizationId: string;
  publicOrigin: string;
}): Promise<Organization> {
  const [view] = await listMemberships({
    db: options.db,
    userId: options.actor.userId,
    organizationId: options.organizationId,
  });
  if (!view) throw notFound('organization');
  return presentOrganization(view, options.publicOrigin);
}

/**
 * A new organization with the actor as its OWNER; they act in it from now on, in every
 * tab. The logo is checked and rendered before anything is written.
 */
export async function createOrganization(options: {
  ctx: AppContext;
  actor: UserActor;
  name: string;
  picture: PictureChange;
}): Promise<{ pk: string }> {
  const { ctx, actor, name, picture } = options;
  requireContextAccess({ actor, action: 'organization.create' });
  const logo = picture.kind === 'set' ? await renderAvatar({ bytes: picture.bytes }) : undefined;
  const organization = await insertOrganizationWithOwner({
    db: ctx.db,
    userId: actor.userId,
    name,
  });
  if (logo) {
    const key = logoKeyFor(organization.id);
    await ctx.storage.put(key, logo, LOGO_TYPE);
    try {
      await setOrganizationLogo({ db: ctx.db, organizationId: organization.id, avatarKey: key });
    } catch (error) {
      await discardFile({ storage: ctx.storage, log: ctx.log, key });
      throw error;
    }
  }
  await ctx.sessionEvents.contextChanged([actor.userId]);
  return { pk: organization.id };
}

/** The organization the actor acts in; 400 no_current_organization in their own context. */
export async function getCurrentOrganization(options: {
  db: Database;
  actor: UserActor;
  publicOrigin: string;
}): Promise<Organization> {
  const organization = await findCurrentOrganization(options);
  if (!organization) throw new AppError('no_current_organization', 400);
  return organization;
}

/** The organization the user acts in, or null in their own context. */
export async function findCurrentOrganization(options: {
  db: Database;
  actor: UserActor;
  publicOrigin: string;
}): Promise<Organization | null> {
  const { db, actor, publicOrigin } = options;
  const organizationId = await readableCurrentOrganizationId({ db, actor });
  if (organizationId === null) return null;
  return readOrganization({ db, actor, organizationId, publicOrigin });
}

/** The id of the organization the actor acts in once they may read it; null in their own. */
async function readableCurrentOrganizationId(options: {
  db: Database;
  actor: UserActor;
}): Promise<string | null> {
  const { db, actor } = options;
  if (actor.organizationId === null) return null;
  const { organizationId } = await requireOrganizationAccess({
    db,
    actor,
    action: 'read',
    organizationId: actor.organizationId,
  });
  return organizationId;
}

/** The name of the organization the actor acts in, or null in their own context. */
export async function currentOrganizationName(options: {
  db: Database;
  actor: UserActor;
}): Promise<{ id: string; name: string } | null> {
  const organizationId = await readableCurrentOrganizationId(options);
  if (organizationId === null) return null;
  const name = await findOrganizationName(options.db, organizationId);
  return name === undefined ? null : { id: organizationId, name };
}

/** Makes an organization of the actor's, or their own context (null), the current one. */
export async function switchOrganization(options: {
  ctx: AppContext;
  actor: UserActor;
  organizationId: string | null;
}): Promise<{ organization: Organization | null }> {
  const { ctx, actor } = options;
  const publicOrigin = ctx.config.publicUrl.origin;
  let organization: Organization | null = null;
  if (options.organizationId !== null) {
    const { organizationId } = await requireOrganizationAccess({
      db: ctx.db,
      actor,
      action: 'switch',
      organizationId: options.organizationId,
    });
    organization = await readOrganization({ db: ctx.db, actor, organizationId, publicOrigin });
  }
  await setCurrentOrganization({
    db: ctx.db,
    userId: actor.userId,
    organizationId: organization?.pk ?? null,
  });
  await ctx.sessionEvents.contextChanged([actor.userId]);
  return { organization };
}

/** The actor's membership in one organization. */
export async function readMembership(options: {
  db: Database;
  actor: UserActor;
  organizationId: string;
  publicOrigin: string;
}): Promise<Membership> {
  const [view] = await listMemberships({
    db: options.db,
    userId: options.actor.userId,
    organizationId: options.organizationId,
  });
  if (!view) throw notFound('membership');
  return presentMembership(view, options.publicOrigin);
}

/** The actor's memberships, for the organization menu. */
export async function listMyMemberships(options: {
  db: Database;
  actor: UserActor;
  publicOrigin: string;
}): Promise<Membership[]> {
  const { db, actor, publicOrigin } = options;
  requireContextAccess({ actor, action: 'organization.list' });
  const views = await listMemberships({ db, userId: actor.userId });
  return views.map((view) => presentMembership(view, publicOrigin));
}

/** An organization's logo, for its members only; anything else is not found. */
export async function findLogo(options: {
  ctx: AppContext;
  actor: UserActor;
  fileId: string;
}): Promise<StoredFile> {
  const { ctx, actor, fileId } = options;
  requireContextAccess({ actor, action: 'organization.list' });
  // Checked first, so that the id in the LIKE pattern holds no wildcard.
  const key = FILE_ID.test(fileId)
    ? await findVisibleLogo({ db: ctx.db, userId: actor.userId, fileId })
    : null;
  const file = key ? await ctx.storage.get(key) : null;
  if (!file) throw notFound('logo');
  return file;
}

type SettingValues = Partial<
  Pick<
    OrganizationRow,
    'name' | 'allowedModels' | 'sharingOutsideAllowed' | 'exportAllowed' | 'avatarKey'
  >
>;

const SETTING_NAMES = {
  name: 'name',
  allowedModels: 'allowed_models',
  sharingOutsideAllowed: 'is_sharing_outside_allowed',
  exportAllowed: 'is_export_allowed',
} as const;

/** What an update changed, `{ setting: { before, after } }` (the logo as whether there is one); null for nothing. */
function settingChanges(
  before: OrganizationRow,
  values: SettingValues,
): Record<string, { before: unknown; after: unknown }> | null {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [field, setting] of Object.entries(SETTING_NAMES) as [
    keyof typeof SETTING_NAMES,
    string,
  ][]) {
    if (!(field in values)) continue;
    const [was, now] = [before[field], values[field]];
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[setting] = { before: was, after: now };
  }
  if ('avatarKey' in values) {
    changes.logo = { before: before.avatarKey !== null, after: values.avatarKey !== null };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * Changes what the managers may change: name, logo, allowed models and the two switches
 * (stored now; what they enforce arrives with encryption and sharing). Members' open tabs
 * reconnect when the allowed models change, since a socket keeps its context's list.
 */
export async function updateOrganization(options: {
  ctx: AppContext;
  llm: LlmGateway;
  actor: UserActor;
  organizationId: string;
  data: OrganizationUpdateFields;
  picture: PictureChange;
  origin: AuditOrigin;
}): Promise<Organization> {
  const { ctx, actor, data, picture } = options;
  const { organizationId } = await requireOrganizationAccess({
    db: ctx.db,
    actor,
    action: 'update',
    organizationId: options.organizationId,
  });
  if (data.allowed_models) {
    const listed = new Set((await options.llm.listModels()).map((model) => model.id));
    if (data.allowed_models.some((id) => !listed.has(id))) {
      throw new AppError('validation_error', 400, 'model not listed', {
        allowed_models: ['validation.invalid'],
      });
    }
  }
  const logo = picture.kind === 'set' ? await renderAvatar({ bytes: picture.bytes }) : undefined;
  const key = logo ? logoKeyFor(organizationId) : undefined;
  if (key && logo) await ctx.storage.put(key, logo, LOGO_TYPE);
  let previous: OrganizationRow | undefined;
  const values = {
    ...(data.name !== undefined && { name: data.name }),
    ...(data.allowed_models !== undefined && {
      allowedModels: data.allowed_models && [...new Set(data.allowed_models)],
    }),
    ...(data.is_sharing_outside_allowed !== undefined && {
      sharingOutsideAllowed: data.is_sharing_outside_allowed,
    }),
    ...(data.is_export_allowed !== undefined && { exportAllowed: data.is_export_allowed }),
    ...(picture.kind !== 'keep' && { avatarKey: key ?? null }),
  };
  try {
    // The change and its audit entry commit together.
    previous = await ctx.db.transaction(async (tx) => {
      const before = await updateOrganizationRow({ db: tx, organizationId, values });
      const changes = before && settingChanges(before, values);
      if (changes) {
        await recordAudit({
          db: tx,
          now: ctx.now(),
          log: { organizationId },
          actorUserId: actor.userId,
          action: 'organization.settings_changed',
          target: { type: 'organization', id: organizationId },
          origin: options.origin,
          details: changes,
        });
      }
      return before;
    });
  } catch (error) {
    if (key) await discardFile({ storage: ctx.storage, log: ctx.log, key });
    throw error;
  }
  if (!previous) throw notFound('organization');
  // The old logo goes once nothing names it.
  if (picture.kind !== 'keep' && previous.avatarKey) {
    await discardFile({ storage: ctx.storage, log: ctx.log, key: previous.avatarKey });
  }
  if (
    data.is_encryption_forced !== undefined &&
    data.is_encryption_forced !== previous.encryptionForced
  ) {
    await setEncryptionForced({ db: ctx.db, organizationId, forced: data.is_encryption_forced });
  }
  if (data.allowed_models !== undefined || data.is_encryption_forced !== undefined) {
    await ctx.sessionEvents.contextChanged(await listMemberIds(ctx.db, organizationId), 'updated');
  }
  return readOrganization({
    db: ctx.db,
    actor,
    organizationId,
    publicOrigin: ctx.config.publicUrl.origin,
  });
}
