import type { Actor, OrganizationRole, Scope, UserActor } from './actor';

/** What may be done within a context as a whole (no particular record). */
export type ContextAction =
  | 'conversation.list'
  | 'conversation.create'
  | 'conversation.search'
  | 'attachment.upload'
  | 'chat.ask'
  | 'model.list'
  | 'usage.read'
  | 'feedback.send'
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
// restrict organization management (mayOnOrganization).
const CONTEXT_ACTIONS: Record<ContextAction, true> = {
  'conversation.list': true,
  'conversation.create': true,
  'conversation.search': true,
  'attachment.upload': true,
  'chat.ask': true,
  'model.list': true,
  'usage.read': true,
  'feedback.send': true,
  'organization.create': true,
  'organization.list': true,
  'encryption.manage': true,
  'encryption.unlock': true,
};

export function mayInContext(actor: Actor, action: ContextAction): actor is UserActor {
  return actor.kind === 'user' && CONTEXT_ACTIONS[action];
}

const inActorsContext = (actor: UserActor, record: Owned) =>
  record.userId === actor.userId && record.organizationId === actor.organizationId;

export function mayOnConversation(
  actor: Actor,
  action: ConversationAction,
  conversation: Owned & { id: string },
): boolean {
  if (actor.kind === 'share_link') {
    return (action === 'read' || action === 'follow') && conversation.id === actor.conversationId;
  }
  return inActorsContext(actor, conversation);
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
export const ORGANIZATION_MATRIX: Record<OrganizationAction, readonly OrganizationRole[]> = {
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
