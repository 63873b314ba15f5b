import type { Database } from '../db/client';
import type { ConversationRow } from '../db/schema';
import { AppError, notFound } from '../errors';
import type { Actor, OrganizationRole, Scope, UserActor } from './actor';
import type { BillingOwner } from './billing-owner';
import {
  findAttachmentOwner,
  findBillingRecordOwner,
  findConversationRecord,
  findExportAllowed,
  findMembershipRole,
  findMessageOwner,
  findSharedLinkRecord,
  type SharedLinkAccessRecord,
} from './access.repo';
import {
  mayInContext,
  mayOnAttachment,
  mayOnConversation,
  mayOnOrganization,
  mayOnSharedLink,
  mayVisitSharedLink,
  scopeOf,
  type AttachmentAction,
  type ContextAction,
  type ConversationAction,
  type OrganizationAction,
} from './policies';
import { isUuid } from '../ids';

/**
 * The one place that decides whether an actor may do something. Every service starts with
 * one of these calls; its repos then read by id, or within the scope returned.
 */

/** An action in the actor's current context; returns the scope its records live in. */
export function requireContextAccess(options: {
  actor: Actor;
  action: ContextAction;
}): Scope & { actor: UserActor } {
  const { actor, action } = options;
  if (!mayInContext(actor, action)) throw new AppError('forbidden', 403, `${action} refused`);
  return { ...scopeOf(actor), actor };
}

/** 404 for a conversation that does not exist and for one the actor may not touch alike. */
export async function requireConversationAccess(options: {
  db: Database;
  actor: Actor;
  action: ConversationAction;
  conversationId: string;
}): Promise<{ conversationId: string; conversation: ConversationRow }> {
  const { db, actor, action, conversationId } = options;
  const record = isUuid(conversationId)
    ? await findConversationRecord(db, conversationId)
    : undefined;
  if (!record || !mayOnConversation(actor, action, record)) throw notFound('conversation');
  return { conversationId, conversation: record };
}

export async function requireMessageAccess(options: {
  db: Database;
  actor: Actor;
  action: ConversationAction;
  messageId: string;
}): Promise<{ messageId: string; conversationId: string }> {
  const { db, actor, action, messageId } = options;
  const owner = isUuid(messageId) ? await findMessageOwner(db, messageId) : undefined;
  if (!owner || !mayOnConversation(actor, action, owner)) throw notFound('message');
  return { messageId, conversationId: owner.conversationId };
}

export async function requireAttachmentAccess(options: {
  db: Database;
  actor: Actor;
  action: AttachmentAction;
  attachmentId: string;
}): Promise<{ attachmentId: string; conversationId: string | null }> {
  const { db, actor, action, attachmentId } = options;
  const owner = isUuid(attachmentId) ? await findAttachmentOwner(db, attachmentId) : undefined;
  if (!owner || !mayOnAttachment(actor, action, owner)) throw notFound('attachment');
  return { attachmentId, conversationId: owner.conversationId };
}

/**
 * An action on an organization, decided by the actor's membership in it (read here), in
 * whichever context they act. Not a member, or an organization deleted or unknown: 404.
 */
export async function requireOrganizationAccess(options: {
  db: Database;
  actor: Actor;
  action: OrganizationAction;
  organizationId: string;
}): Promise<{ organizationId: string; actor: UserActor; role: OrganizationRole }> {
  const { db, actor, action, organizationId } = options;
  if (actor.kind !== 'user') throw notFound('organization');
  const role = isUuid(organizationId)
    ? await findMembershipRole(db, { userId: actor.userId, organizationId })
    : null;
  if (!role) throw notFound('organization');
  if (!mayOnOrganization(actor, action, role)) {
    throw new AppError('forbidden', 403, `${action} refused to ${role}`);
  }
  return { organizationId, actor, role };
}

/**
 * A link its owner manages in the context it was made in; anyone else's: 404 alike. A
 * disabled link counts only with `includeDisabled` (to enable or delete it).
 */
export async function requireSharedLinkOwnership(options: {
  db: Database;
  actor: Actor;
  shareId: string;
  includeDisabled?: boolean;
}): Promise<SharedLinkAccessRecord> {
  const { db, actor, shareId, includeDisabled = false } = options;
  const link = isUuid(shareId) ? await findSharedLinkRecord(db, { id: shareId }) : undefined;
  if (!link || (link.disabledAt !== null && !includeDisabled) || !mayOnSharedLink(actor, link)) {
    throw notFound('shared link');
  }
  return link;
}

/**
 * Exporting in the actor's context, and of a shared link's copy: refused (403
 * export_disabled) where the context's organization, or the link's, has turned it off.
 */
export async function requireExportAllowed(options: {
  db: Database;
  actor: Actor;
  link?: SharedLinkAccessRecord;
}): Promise<Scope & { actor: UserActor }> {
  const { db, actor, link } = options;
  const scope = requireContextAccess({ actor, action: 'conversation.export' });
  const refused = () => new AppError('export_disabled', 403, 'export turned off');
  if (link?.organization && !link.organization.exportAllowed) throw refused();
  if (actor.organizationId !== null && !(await findExportAllowed(db, actor.organizationId))) {
    throw refused();
  }
  return scope;
}

/**
 * A signed-in visitor opening a link by its secret's digest. Unknown, disabled, expired, or
 * closed to them by the organization: the same 404, so a visitor learns nothing of which.
 */
export async function requireSharedLinkVisit(options: {
  db: Database;
  actor: Actor;
  secretHash: string;
  now: Date;
}): Promise<SharedLinkAccessRecord & { actor: UserActor }> {
  const { db, actor, secretHash, now } = options;
  const link = await findSharedLinkRecord(db, { secretHash });
  if (!link) throw notFound('shared link');
  const visitorIsMember =
    link.organizationId !== null &&
    (await findMembershipRole(db, {
      userId: actor.userId,
      organizationId: link.organizationId,
    })) !== null;
  if (!mayVisitSharedLink({ link, visitorIsMember, now })) throw notFound('shared link');
  return { ...link, actor };
}

/**
 * Billing of the actor's own account (in any context: it is theirs), or of an organization,
 * which its owners and admins manage (architecture §7); anyone else's organization: 404.
 */
export async function requireBillingAccess(options: {
  db: Database;
  actor: Actor;
  organizationId: string | null | undefined;
}): Promise<{ actor: UserActor; owner: BillingOwner }> {
  const { db, actor, organizationId } = options;
  if (!organizationId) return { actor, owner: { kind: 'user', userId: actor.userId } };
  await requireOrganizationAccess({ db, actor, action: 'billing.manage', organizationId });
  return { actor, owner: { kind: 'organization', organizationId } };
}

/** A saved card or a payment (a receipt), by id: its account's billing, or 404 alike. */
export async function requireBillingRecordAccess(options: {
  db: Database;
  actor: Actor;
  record: { kind: 'card' | 'payment'; id: string };
}): Promise<{ accountId: string; owner: BillingOwner }> {
  const { db, actor, record } = options;
  const found = isUuid(record.id) ? await findBillingRecordOwner(db, record) : undefined;
  if (found?.userId) {
    if (found.userId !== actor.userId) throw notFound(record.kind);
    return { accountId: found.accountId, owner: { kind: 'user', userId: found.userId } };
  }
  if (!found?.organizationId) throw notFound(record.kind);
  const role = await findMembershipRole(db, {
    userId: actor.userId,
    organizationId: found.organizationId,
  });
  if (!mayOnOrganization(actor, 'billing.manage', role)) throw notFound(record.kind);
  return {
    accountId: found.accountId,
    owner: { kind: 'organization', organizationId: found.organizationId },
  };
}
