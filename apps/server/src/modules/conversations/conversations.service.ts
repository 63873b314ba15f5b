import { randomUUID } from 'node:crypto';
import type {
  Conversation,
  ConversationPage,
  Message,
  MessageFeedbackRequest,
  MessagePage,
} from '@themis/shared';
import type { FastifyBaseLogger } from 'fastify';
import {
  requireContextAccess,
  requireConversationAccess,
  requireMessageAccess,
} from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import { AppError, encryptionChanged, notFound } from '../../errors';
import { decodeCursor, keysetPage } from '../../keyset-cursor';
import type { UnlockedKeys } from '../../platform/crypto/unlocked-keys';
import type { FileStorage } from '../../platform/storage/storage';
import {
  type Sealer,
  isContextEncrypted,
  openAttachment,
  openMessage,
  readableConversation,
  requireOwnSealer,
  sealerForConversation,
  unlockedSealer,
} from '../encryption';
import {
  presentConversation,
  presentMessage,
  type AttachmentView,
  type MessageView,
} from '../../presenters/chat.presenter';
import {
  conversationPageQuery,
  deleteConversation as deleteConversationRows,
  findConversation,
  findMessage,
  insertConversation,
  hasMessagesBeyond,
  listMessageAttachments,
  messagePageQuery,
  newerMessagesQuery,
  renameConversation as renameConversationRow,
  updateMessageFeedback,
} from './conversations.repo';

/**
 * A new conversation in the actor's context, encrypted when the context is: then its name is
 * sealed from the start, which needs the actor's data key unlocked.
 */
export async function createConversation(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  data: { name?: string };
}): Promise<Conversation> {
  const { db, unlockedKeys, actor } = options;
  const scope = requireContextAccess({ actor, action: 'conversation.create' });
  // An empty name is shown translated as "New conversation" until the first question names it.
  const name = options.data.name ?? '';
  const id = randomUUID();
  const encrypted = await isContextEncrypted(db, actor);
  // The key row stays share-locked until the insert commits, so a removal of the key cannot
  // end in between and leave this conversation sealed under a key that is gone.
  const row = await db.transaction(async (tx) => {
    const sealer = encrypted ? await requireOwnSealer({ db: tx, unlockedKeys, actor }) : undefined;
    return insertConversation({
      db: tx,
      scope,
      id,
      name: sealer ? sealer.seal('conversations', id, 'name', name) : name,
      encrypted: sealer !== undefined,
    });
  });
  return presentConversation({ ...row, name });
}

/** Encrypted conversations show their names once unlocked, and none while locked. */
export async function listConversations(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  cursor?: string;
  limit: number;
}): Promise<ConversationPage> {
  const { db, actor, limit } = options;
  const scope = requireContextAccess({ actor, action: 'conversation.list' });
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const rows = await conversationPageQuery({ db, scope, after, limit: limit + 1 });
  const sealer = rows.some((row) => row.encrypted)
    ? await unlockedSealer(options.unlockedKeys, actor)
    : undefined;
  return keysetPage(rows, limit, (row) => presentConversation(readableConversation(row, sealer)));
}

export async function getConversation(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  conversationId: string;
}): Promise<Conversation> {
  const { db, actor, conversationId } = options;
  await requireConversationAccess({ db, actor, action: 'read', conversationId });
  const row = await findConversation({ db, id: conversationId });
  if (!row) throw notFound('conversation');
  const sealer = row.encrypted ? await unlockedSealer(options.unlockedKeys, actor) : undefined;
  return presentConversation(readableConversation(row, sealer));
}

async function presentMessages(db: Database, rows: MessageView[], sealer: Sealer | undefined) {
  // An edited question's files are bound to its first version.
  const filesOwner = (row: MessageView) => row.filesFromId ?? row.id;
  const files = await listMessageAttachments({ db, messageIds: rows.map(filesOwner) });
  const byMessage = new Map<string, AttachmentView[]>();
  for (const file of files) {
    if (!file.messageId) continue;
    const list = byMessage.get(file.messageId) ?? [];
    list.push(openAttachment(file, sealer));
    byMessage.set(file.messageId, list);
  }
  return rows.map((row) => presentMessage(row, byMessage.get(filesOwner(row)) ?? []));
}

/**
 * A page of messages, oldest first: the latest, the one before `before_seq`, the one after
 * `after_seq`, or the one holding `around_seq` (about half older than it, the rest from it on).
 */
export async function listMessages(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  conversationId: string;
  query: { before_seq?: number; after_seq?: number; around_seq?: number; limit: number };
}): Promise<MessagePage> {
  const { db, actor, conversationId, query } = options;
  const { limit } = query;
  const { conversation } = await requireConversationAccess({
    db,
    actor,
    action: 'read',
    conversationId,
  });
  // Locked: nothing of an encrypted conversation is read.
  const sealer = await sealerForConversation({
    unlockedKeys: options.unlockedKeys,
    actor,
    conversation,
  });
  const scope = { db, conversationId };
  const present = async (rows: MessageView[], hasMore: boolean, hasNewer: boolean) => ({
    items: await presentMessages(
      db,
      rows.map((row) => openMessage(row, sealer)),
      sealer,
    ),
    has_more: hasMore,
    has_newer: hasNewer,
  });

  if (query.after_seq !== undefined) {
    const fromSeq = query.after_seq + 1;
    const rows = await newerMessagesQuery({ ...scope, fromSeq, limit: limit + 1 });
    const hasMore = await hasMessagesBeyond({ ...scope, side: 'before', seq: fromSeq });
    return present(rows.slice(0, limit), hasMore, rows.length > limit);
  }

  if (query.around_seq !== undefined) {
    const seq = query.around_seq;
    const [older, newer] = await Promise.all([
      messagePageQuery({ ...scope, beforeSeq: seq, limit: limit + 1 }),
      newerMessagesQuery({ ...scope, fromSeq: seq, limit: limit + 1 }),
    ]);
    // Half the page before the message, unless one side has fewer: the other fills the page.
    const takeNewer = Math.min(newer.length, limit - Math.min(older.length, Math.floor(limit / 2)));
    const takeOlder = Math.min(older.length, limit - takeNewer);
    return present(
      [...older.slice(0, takeOlder).reverse(), ...newer.slice(0, takeNewer)],
      older.length > takeOlder,
      newer.length > takeNewer,
    );
  }

  const beforeSeq = query.before_seq;
  const rows = await messagePageQuery({ ...scope, beforeSeq, limit: limit + 1 });
  const hasNewer =
    beforeSeq !== undefined &&
    (await hasMessagesBeyond({ ...scope, side: 'from', seq: beforeSeq }));
  return present(rows.slice(0, limit).reverse(), rows.length > limit, hasNewer);
}

export async function renameConversation(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  conversationId: string;
  data: { name: string };
}): Promise<Conversation> {
  const { db, unlockedKeys, actor, conversationId } = options;
  const { conversation } = await requireConversationAccess({
    db,
    actor,
    action: 'rename',
    conversationId,
  });
  const sealer = await sealerForConversation({ unlockedKeys, actor, conversation });
  const name = sealer
    ? sealer.seal('conversations', conversationId, 'name', options.data.name)
    : options.data.name;
  const renamed = await renameConversationRow({
    db,
    id: conversationId,
    name,
    encrypted: sealer !== undefined,
  });
  if (!renamed) {
    // Gone meanwhile, or encrypted or decrypted by the background job.
    throw (await findConversation({ db, id: conversationId }))
      ? encryptionChanged()
      : notFound('conversation');
  }
  return getConversation({ db, unlockedKeys, actor, conversationId });
}

/**
 * Deletes the conversation with its messages and files. The rows go first: a file that
 * cannot be removed is only logged, since nothing names it any more. Token usage stays.
 */
export async function deleteConversation(options: {
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  actor: UserActor;
  conversationId: string;
}): Promise<void> {
  const { db, actor, conversationId, storage, log } = options;
  await requireConversationAccess({ db, actor, action: 'delete', conversationId });
  const keys = await deleteConversationRows({ db, id: conversationId });
  if (!keys) throw notFound('conversation');
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, 'attachment file not deleted');
    }
  }
}

/** Feedback on an answer that is final; a later call replaces it, 'good' drops the reason. */
export async function setMessageFeedback(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  messageId: string;
  data: MessageFeedbackRequest;
}): Promise<Message> {
  const { db, actor, messageId, data } = options;
  await requireMessageAccess({ db, actor, action: 'rate', messageId });
  const message = await findMessage({ db, id: messageId });
  if (!message) throw notFound('message');
  if (message.role !== 'assistant' || message.status === 'streaming') {
    throw new AppError('validation_error', 400, 'feedback is for a finished answer');
  }
  const sealer = await sealerForConversation({
    unlockedKeys: options.unlockedKeys,
    actor,
    conversation: { userId: message.userId, encrypted: message.sealed },
  });
  const isBad = data.value === 'bad';
  const comment = isBad && data.comment ? data.comment : null;
  const updated = await updateMessageFeedback({
    db,
    id: messageId,
    feedback: {
      value: data.value,
      reason: isBad ? (data.reason ?? null) : null,
      comment:
        comment !== null && sealer
          ? sealer.seal('messages', messageId, 'feedback_comment', comment)
          : comment,
    },
    sealed: sealer !== undefined,
  });
  if (!updated) {
    throw (await findMessage({ db, id: messageId })) ? encryptionChanged() : notFound('message');
  }
  const [presented] = await presentMessages(db, [openMessage(updated, sealer)], sealer);
  return presented!;
}
