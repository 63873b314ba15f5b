import type { Actor, OrganizationRole, Scope, UserActor } from './actor';

/** What may be done within a context as a whole (no particular record). */
export type ContextAction =
  | 'conversation.list'
  | 'conversation.create'
  | 'conversation.search'
  | 'conversation.share'
  | 'conversation.export'
  | 'attachment.upload'
  | 'chat.ask'
  | 'model.list'
  | 'usage.read'
  | 'feedback.send'
  | 'legal_source.check'
  | 'organization.create'
  | 'organization.list'
  | 'encryption.manage'
  | 'encryption.unlock';

/** What may be done to one conversation (its messages and files included). */
export type ConversationAction = 'read' | 'rename' | 'delete' | 'ask' | 'stop' | 'follow' | 'rate';

/** The owner of a record: a user, in their own context or an organization's. */
export interface Owned {
  userId: string;
  organizationId: string | null;
}

// Every role may chat; nothing in the individual context is refused to its owner. Roles
// restrict sharing (architecture §7: not observers) and organization management
// (mayOnOrganization).
const CONTEXT_ACTIONS: Record<ContextAction, true | readonly OrganizationRole[]> = {
  'conversation.list': true,
  'conversation.create': true,
  'conversation.search': true,
  'conversation.share': ['OWNER', 'ADMIN', 'MEMBER'],
  // What one may read one may take away as a file, unless the organization says otherwise.
  'conversation.export': true,
  'attachment.upload': true,
  'chat.ask': true,
  'model.list': true,
  'usage.read': true,
  'feedback.send': true,
  'legal_source.check': true,
  'organization.create': true,
  'organization.list': true,
  'encryption.manage': true,
  'encryption.unlock': true,
};

export function mayInContext(actor: Actor, action: ContextAction): actor is UserActor {
  if (actor.kind !== 'user') return false;
  const allowed = CONTEXT_ACTIONS[action];
  return allowed === true || actor.role === null || allowed.includes(actor.role);
}

const inActorsContext = (actor: UserActor, record: Owned) =>
  record.userId === actor.userId && record.organizationId === actor.organizationId;

export function mayOnConversation(
  actor: Actor,
  action: ConversationAction,
  conversation: Owned & { id: string },
): boolean {
  return inActorsContext(actor, conversation);
}

/** A shared link is managed (looked up, disabled, deleted) by its owner in its context. */
export function mayOnSharedLink(actor: Actor, link: Owned): boolean {
  return actor.kind === 'user' && inActorsContext(actor, link);
}

/** What decides whether a signed-in visitor may open a link. */
export interface SharedLinkRecord extends Owned {
  disabledAt: Date | null;
  expiresAt: Date | null;
  /** Of the link's organization: null for an individual's link. */
  organization: { active: boolean; sharingOutsideAllowed: boolean; exportAllowed: boolean } | null;
}

/**
 * A link opens while it is neither disabled nor expired; an organization's link opens to its
 * members only unless the organization allows sharing outside (spec §6).
 */
export function mayVisitSharedLink(options: {
  link: SharedLinkRecord;
  visitorIsMember: boolean;
  now: Date;
}): boolean {
  const { link, now } = options;
  if (link.disabledAt !== null) return false;
  if (link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()) return false;
  if (link.organization === null) return true;
  if (!link.organization.active) return false;
  return link.organization.sharingOutsideAllowed || options.visitorIsMember;
}

export type AttachmentAction = 'read' | 'delete';

/** A file's contents are its owner's alone: a shared conversation shows only its name. */
export function mayOnAttachment(
  actor: Actor,
  _action: AttachmentAction,
  attachment: Owned,
): boolean {
  return actor.kind === 'user' && inActorsContext(actor, attachment);
}

export const scopeOf = (actor: UserActor): Scope => ({
  userId: actor.userId,
  organizationId: actor.organizationId,
});

/** What may be done to an organization as one of its members (architecture §7). */
export type OrganizationAction =
  | 'read'
  | 'switch'
  | 'update'
  | 'members.read'
  | 'members.manage'
  | 'invitations.manage'
  | 'billing.manage'
  | 'ownership.transfer'
  | 'delete';

const MANAGERS: readonly OrganizationRole[] = ['OWNER', 'ADMIN'];
const EVERY_ROLE: readonly OrganizationRole[] = ['OWNER', 'ADMIN', 'MEMBER', 'OBSERVER'];

/** The role matrix: which roles may take each action. */
const ORGANIZATION_MATRIX: Record<OrganizationAction, readonly OrganizationRole[]> = {
  read: EVERY_ROLE,
  switch: EVERY_ROLE,
  update: MANAGERS,
  'members.read': MANAGERS,
  'members.manage': MANAGERS,
  'invitations.manage': MANAGERS,
  'billing.manage': MANAGERS,
  'ownership.transfer': ['OWNER'],
  delete: ['OWNER'],
};

/** `role` is the actor's membership in the organization, null when they have none. */
export function mayOnOrganization(
  actor: Actor,
  action: OrganizationAction,
  role: OrganizationRole | null,
): boolean {
  return actor.kind === 'user' && role !== null && ORGANIZATION_MATRIX[action].includes(role);
}

/** What the organization's settings show a member of this role (spec §2 sidebar). */
export const settingVisibilityOf = (role: OrganizationRole) => ({
  invitation_panel_visible: ORGANIZATION_MATRIX['invitations.manage'].includes(role),
  settings_panel_visible: ORGANIZATION_MATRIX.update.includes(role),
});

/** Whether the actor's context lets them chat with this model (the organization's list). */
export const mayUseModel = (actor: UserActor, modelId: string): boolean =>
  actor.allowedModels === null || actor.allowedModels.includes(modelId);
