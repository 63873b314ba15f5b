import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CHAT_FILES_MAX, type Attachment } from '@themis/shared';
import {
  requireAttachmentAccess,
  requireContextAccess,
  requireConversationAccess,
} from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import type { AttachmentRow } from '../../db/schema';
import { AppError, encryptionChanged } from '../../errors';
import type { UnlockedKeys } from '../../platform/crypto/unlocked-keys';
import { userFilesPrefix, type FileStorage } from '../../platform/storage/storage';
import { type Sealer, sealerForNewContent, storedFilename } from '../encryption';
import { attachmentView, presentAttachment } from '../../presenters/chat.presenter';
import { confirmImage, detectFileKind, isDocumentKind, MEDIA_TYPES } from './file-kind';
import { extractDocumentText } from './text-extraction';
import { isUuid } from '../../ids';
import {
  countUnsentAttachments,
  deleteUnsentAttachment,
  insertAttachment,
  listUnsentAttachments,
  lockOwnConversation,
} from './attachments.repo';

const FILENAME_MAX = 200;

export const notFound = (what: string) => new AppError('not_found', 404, `${what} not found`);
const invalidType = () => new AppError('invalid_file_type', 400, 'file content not accepted');
export const tooManyFiles = () =>
  new AppError('too_many_files', 400, `more than ${CHAT_FILES_MAX} files waiting`);

const attachmentKeyFor = (userId: string, attachmentId: string) =>
  `${userFilesPrefix(userId)}attachments/${attachmentId}`;

/**
 * A name safe to show and to send back in a header: no folders, no control or quoting
 * characters, at most FILENAME_MAX characters with the extension kept.
 */
export function sanitizeFilename(options: { filename: string | undefined }): string {
  const base = (options.filename ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!clean) return 'file';
  const chars = Array.from(clean);
  if (chars.length <= FILENAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(clean.slice(dot)).slice(0, 10) : [];
  return chars.slice(0, FILENAME_MAX - extension.length).join('') + extension.join('');
}

/** Refuses early, before the file is read, when the conversation already has its files. */
async function assertRoomForFile(options: {
  db: Database;
  userId: string;
  conversationId: string;
}): Promise<void> {
  if ((await countUnsentAttachments(options)) >= CHAT_FILES_MAX) throw tooManyFiles();
}

/** The kind, media type and text of an upload, checked by content; 400 when not accepted. */
async function inspectFile(bytes: Buffer) {
  // Its own code: "invalid type" would send the person looking for a format problem.
  if (bytes.length === 0) throw new AppError('file_empty', 400, 'empty file');
  const kind = detectFileKind({ bytes });
  if (!kind) throw invalidType();
  if (isDocumentKind(kind)) {
    const text = await extractDocumentText({ kind, bytes });
    if (text === null) throw invalidType();
    return { mediaType: MEDIA_TYPES[kind], text };
  }
  if (!(await confirmImage({ bytes, kind }))) throw invalidType();
  return { mediaType: MEDIA_TYPES[kind], text: null };
}

/**
 * Stores an upload waiting to be sent with the next question. The file is written first
 * and removed again if the row cannot be: no row without its file, no file without a row.
 */
export async function uploadAttachment(options: {
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  userId: string;
  conversationId: string;
  filename: string | undefined;
  bytes: Buffer;
  /** An encrypted conversation's: the file and its text are stored sealed. */
  sealer: Sealer | undefined;
}): Promise<Attachment> {
  const { db, storage, userId, conversationId, bytes, sealer } = options;
  const { mediaType, text } = await inspectFile(bytes);
  const id = randomUUID();
  const key = attachmentKeyFor(userId, id);
  const filename = sanitizeFilename({ filename: options.filename });
  await storage.put(key, sealer ? sealer.sealFile(id, bytes) : bytes, mediaType);
  try {
    const row = await db.transaction(async (tx) => {
      // Locks the conversation so that parallel uploads cannot both take the last place.
      const conversation = await lockOwnConversation({ db: tx, userId, conversationId });
      if (!conversation) throw notFound('conversation');
      // Encrypted or decrypted by the background job since the sealer was chosen.
      if (conversation.encrypted !== (sealer !== undefined)) throw encryptionChanged();
      if ((await countUnsentAttachments({ db: tx, userId, conversationId })) >= CHAT_FILES_MAX) {
        throw tooManyFiles();
      }
      return insertAttachment({
        db: tx,
        values: {
          id,
          userId,
          conversationId,
          // The file belongs to the context of its conversation.
          organizationId: conversation.organizationId,
          storageKey: key,
          filename: storedFilename(sealer, id, filename),
          filenameSealed: sealer !== undefined,
          mediaType,
          size: bytes.length,
          // An empty text (a scan) stays empty: it says the file has no text, and nothing else.
          extractedText:
            text && sealer ? sealer.seal('attachments', id, 'extracted_text', text) : text,
          sealed: sealer !== undefined,
        },
      });
    });
    return presentAttachment(attachmentView({ ...row, filename }));
  } catch (error) {
    await discardStoredFile({ storage, log: options.log, key });
    throw error;
  }
}

async function discardStoredFile(options: {
  storage: FileStorage;
  log: FastifyBaseLogger;
  key: string;
}): Promise<void> {
  await options.storage.delete(options.key).catch((error: unknown) => {
    options.log.warn({ err: error, key: options.key }, 'stored file not deleted');
  });
}

/**
 * Whether the actor may attach a file to the conversation and it has room for one: checked
 * before the file is read, so a refused upload costs no parsing.
 */
export async function admitUpload(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  conversationId: string;
}): Promise<{ sealer: Sealer | undefined }> {
  const { db, actor, conversationId } = options;
  requireContextAccess({ actor, action: 'attachment.upload' });
  const { conversation } = await requireConversationAccess({
    db,
    actor,
    action: 'ask',
    conversationId,
  });
  // Locked: an encrypted conversation takes no file, before it is read; nor does a plain
  // one in a context that now encrypts.
  const sealer = await sealerForNewContent({
    db,
    unlockedKeys: options.unlockedKeys,
    actor,
    conversation,
  });
  await assertRoomForFile({ db, userId: actor.userId, conversationId });
  return { sealer };
}

/** Removes an unsent attachment of the actor's, row and file; anything else is not found. */
export async function deleteAttachment(options: {
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  actor: UserActor;
  attachmentId: string;
}): Promise<void> {
  const { db, actor, attachmentId } = options;
  await requireAttachmentAccess({ db, actor, action: 'delete', attachmentId });
  const storageKey = await deleteUnsentAttachment({ db, attachmentId });
  if (!storageKey) throw notFound('attachment');
  // After the row: a failed delete leaves only an unreferenced file, which is logged.
  await discardStoredFile({ storage: options.storage, log: options.log, key: storageKey });
}

/** The unsent attachments with these ids, in that order; 404 unless every one is there. */
export async function findUnsent(options: {
  db: Database;
  userId: string;
  conversationId: string;
  attachmentIds: string[];
}): Promise<AttachmentRow[]> {
  const { db, userId, conversationId, attachmentIds } = options;
  if (attachmentIds.some((id) => !isUuid(id))) throw notFound('attachment');
  const rows = await listUnsentAttachments({ db, userId, conversationId, attachmentIds });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return attachmentIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound('attachment');
    return row;
  });
}
