import { randomUUID } from 'node:crypto';
import { requireContextAccess, requireConversationAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { UnlockedKeys } from '../../platform/crypto/unlocked-keys';
import {
  isContextEncrypted,
  openAttachment,
  openMessage,
  readableConversation,
  requireOwnSealer,
  sealerForConversation,
} from '../encryption';
import {
  attachmentNames,
  finishedMessages,
  insertConversationWithMessages,
  lockConversationForReading,
  type CopiedMessage,
} from './transcript.repo';

/** A conversation's finished messages as plain text, with only the names of their files. */
export interface Transcript {
  conversationId: string;
  name: string;
  messages: {
    role: 'user' | 'assistant';
    content: string;
    status: 'complete' | 'cancelled' | 'error';
    errorCode: 'message_generating_error' | null;
    modelId: string | null;
    createdAt: Date;
    attachments: { filename: string; media_type: string }[];
  }[];
}

/**
 * What sharing copies of a conversation: every finished message, readable. An encrypted
 * conversation is read only once the owner has confirmed that its copy is stored readable,
 * and with their data key unlocked. Observers may not share (403).
 */
export async function transcriptForSharing(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  conversationId: string;
  decryptConfirmed: boolean;
}): Promise<Transcript> {
  requireContextAccess({ actor: options.actor, action: 'conversation.share' });
  return readTranscript({
    ...options,
    refuseEncrypted: () =>
      options.decryptConfirmed
        ? undefined
        : new AppError('share_decryption_unconfirmed', 409, 'encrypted conversation'),
  });
}

/**
 * What exporting puts in the file: the messages shown, readable. An encrypted conversation is
 * read only in a session that has it unlocked (403 decryption_locked), and only in memory.
 */
export async function transcriptForExport(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  conversationId: string;
}): Promise<Transcript> {
  requireContextAccess({ actor: options.actor, action: 'conversation.export' });
  return readTranscript({ ...options, refuseEncrypted: () => undefined });
}

async function readTranscript(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  conversationId: string;
  refuseEncrypted: () => AppError | undefined;
}): Promise<Transcript> {
  const { db, unlockedKeys, actor, conversationId } = options;
  await requireConversationAccess({ db, actor, action: 'read', conversationId });
  return db.transaction(async (tx) => {
    const conversation = await lockConversationForReading(tx, conversationId);
    if (!conversation) throw notFound('conversation');
    const refusal = conversation.encrypted ? options.refuseEncrypted() : undefined;
    if (refusal) throw refusal;
    const sealer = await sealerForConversation({
      unlockedKeys,
      actor,
      conversation: { userId: actor.userId, encrypted: conversation.encrypted },
    });
    const rows = await finishedMessages(tx, conversationId);
    const files = await attachmentNames(
      tx,
      rows.map((row) => row.filesOwnerId),
    );
    const filesOf = new Map<string, { filename: string; media_type: string }[]>();
    for (const file of files) {
      if (!file.messageId) continue;
      const list = filesOf.get(file.messageId) ?? [];
      list.push({ filename: openAttachment(file, sealer).filename, media_type: file.mediaType });
      filesOf.set(file.messageId, list);
    }
    return {
      conversationId,
      name: readableConversation(conversation, sealer).name,
      messages: rows.map((row) => {
        const { content } = openMessage(row, sealer);
        return {
          role: row.role,
          content,
          status: row.status as 'complete' | 'cancelled' | 'error',
          errorCode: row.errorCode,
          modelId: row.modelId,
          createdAt: row.createdAt,
          attachments: filesOf.get(row.filesOwnerId) ?? [],
        };
      }),
    };
  });
}

/**
 * A new conversation in the actor's context holding a copy of these messages (their texts;
 * files stay with whoever shared them). Sealed when the context encrypts.
 */
export async function createConversationFromTranscript(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  name: string;
  messages: Omit<CopiedMessage, 'id'>[];
}): Promise<{ conversationId: string }> {
  const { db, unlockedKeys, actor } = options;
  const scope = requireContextAccess({ actor, action: 'conversation.create' });
  const id = randomUUID();
  const encrypted = await isContextEncrypted(db, actor);
  await db.transaction(async (tx) => {
    // Share-locked key row: its removal cannot end while this is sealed under it.
    const sealer = encrypted ? await requireOwnSealer({ db: tx, unlockedKeys, actor }) : undefined;
    const seal = (
      table: 'conversations' | 'messages',
      rowId: string,
      field: string,
      text: string,
    ) => (sealer ? sealer.seal(table, rowId, field, text) : text);
    await insertConversationWithMessages({
      db: tx,
      scope,
      id,
      name: seal('conversations', id, 'name', options.name),
      nameSetByUser: options.name !== '',
      encrypted: sealer !== undefined,
      messages: options.messages.map((message) => {
        const messageId = randomUUID();
        return {
          ...message,
          id: messageId,
          content: seal('messages', messageId, 'content', message.content),
        };
      }),
    });
  });
  return { conversationId: id };
}
