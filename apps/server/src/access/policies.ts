import type { Actor, Scope, UserActor } from './actor';

/** What may be done within a context as a whole (no particular record). */
export type ContextAction =
  | 'conversation.list'
  | 'conversation.create'
  | 'conversation.search'
  | 'attachment.upload'
  | 'chat.ask'
  | 'model.list'
  | 'usage.read'
  | 'feedback.send';

/** What may be done to one conversation (its messages and files included). */
export type ConversationAction = 'read' | 'rename' | 'delete' | 'ask' | 'stop' | 'follow' | 'rate';

/** The owner of a record: a user, in their own context or an organization's. */
export interface Owned {
  userId: string;
  organizationId: string | null;
}

// Every role may chat; nothing in the individual context is refused to its owner. Roles
// restrict organization management, which holds no records yet.
const CONTEXT_ACTIONS: Record<ContextAction, true> = {
  'conversation.list': true,
  'conversation.create': true,
  'conversation.search': true,
  'attachment.upload': true,
  'chat.ask': true,
  'model.list': true,
  'usage.read': true,
  'feedback.send': true,
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
