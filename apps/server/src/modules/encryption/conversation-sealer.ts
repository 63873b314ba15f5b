import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import {
  openFile,
  openText,
  SealBrokenError,
  sealFile,
  sealText,
} from '../../platform/crypto/conversation-crypto';
import type { UnlockedKeys } from '../../platform/crypto/unlocked-keys';
import {
  lockKeyRemoval,
  readMemberEncryptionEnabled,
  readOwnEncryptionEnabled,
} from './encryption.repo';

type SealedTable = 'conversations' | 'messages' | 'attachments';

/** Seals and opens the texts of one owner's encrypted conversations. */
export interface Sealer {
  seal(table: SealedTable, rowId: string, field: string, plain: string): string;
  open(table: SealedTable, rowId: string, field: string, stored: string): string;
  /** An attachment's stored file. */
  sealFile(attachmentId: string, plain: Buffer): Buffer;
  openFile(attachmentId: string, stored: Buffer): Buffer;
}

const fileAddress = (owner: string, rowId: string) => ({
  owner,
  table: 'attachments',
  rowId,
  field: 'file',
});

/** A value that does not open under this key is refused as locked, never a server error. */
function refusingBroken<T>(open: () => T): T {
  try {
    return open();
  } catch (error) {
    if (error instanceof SealBrokenError) {
      throw new AppError('decryption_locked', 403, 'sealed value did not open');
    }
    throw error;
  }
}

export function sealerOf(dataKey: Buffer, ownerId: string): Sealer {
  return {
    seal: (table, rowId, field, plain) =>
      sealText(dataKey, { owner: ownerId, table, rowId, field }, plain),
    open: (table, rowId, field, stored) =>
      refusingBroken(() => openText(dataKey, { owner: ownerId, table, rowId, field }, stored)),
    sealFile: (attachmentId, plain) => sealFile(dataKey, fileAddress(ownerId, attachmentId), plain),
    openFile: (attachmentId, stored) =>
      refusingBroken(() => openFile(dataKey, fileAddress(ownerId, attachmentId), stored)),
  };
}

/** The actor's own sealer when their data key is unlocked in this session. */
export async function unlockedSealer(
  unlockedKeys: UnlockedKeys,
  actor: UserActor,
): Promise<Sealer | undefined> {
  const dataKey = await unlockedKeys.get(actor.sessionId, actor.userId);
  return dataKey && sealerOf(dataKey, actor.userId);
}

/**
 * The sealer of an encrypted conversation, from the data key unlocked in the actor's
 * session; undefined for a plain one. Locked: `decryption_locked`, and nothing is read.
 */
export async function sealerForConversation(options: {
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  conversation: { userId: string; encrypted: boolean };
}): Promise<Sealer | undefined> {
  const { unlockedKeys, actor, conversation } = options;
  if (!conversation.encrypted) return undefined;
  const dataKey = await unlockedKeys.get(actor.sessionId, conversation.userId);
  if (!dataKey) throw new AppError('decryption_locked', 403, 'conversation locked');
  return sealerOf(dataKey, conversation.userId);
}

/**
 * A message row with its texts readable: a copy opened (and no longer marked sealed) when
 * sealed, the row itself otherwise; so opening twice is harmless.
 */
export function openMessage<
  T extends { id: string; content: string; sealed: boolean; feedbackComment: string | null },
>(row: T, sealer: Sealer | undefined): T {
  if (!row.sealed) return row;
  if (!sealer) throw new AppError('decryption_locked', 403, 'message locked');
  return {
    ...row,
    sealed: false,
    content: sealer.open('messages', row.id, 'content', row.content),
    feedbackComment:
      row.feedbackComment === null
        ? null
        : sealer.open('messages', row.id, 'feedback_comment', row.feedbackComment),
  };
}

/** What a message row stores for `content` in a conversation sealed by `sealer`, if any. */
export function storedContent(sealer: Sealer | undefined, messageId: string, content: string) {
  return sealer ? sealer.seal('messages', messageId, 'content', content) : content;
}

/** A conversation row as shown: its name opened when it can be, empty and locked otherwise. */
export function readableConversation<T extends { id: string; name: string; encrypted: boolean }>(
  row: T,
  sealer: Sealer | undefined,
): T & { locked: boolean } {
  if (!row.encrypted) return { ...row, locked: false };
  if (!sealer) return { ...row, name: '', locked: true };
  try {
    return { ...row, name: sealer.open('conversations', row.id, 'name', row.name), locked: false };
  } catch (error) {
    // Sealed under a key that is not this one: shown locked in the history, not a failure.
    if (error instanceof AppError && error.code === 'decryption_locked') {
      return { ...row, name: '', locked: true };
    }
    throw error;
  }
}

/**
 * Whether conversations made in the actor's context are encrypted: their own when they
 * enabled it, an organization's when their membership has it on or the organization
 * forces it (a member without a credential is then asked to set one before chatting).
 */
export async function isContextEncrypted(db: Database, actor: UserActor): Promise<boolean> {
  const enabled =
    actor.organizationId === null
      ? await readOwnEncryptionEnabled(db, actor.userId)
      : await readMemberEncryptionEnabled(db, `${actor.userId} ${actor.organizationId}`);
  return enabled ?? false;
}

/**
 * The actor's own sealer for a new conversation in an encrypted context: without a
 * credential `encryption_key_missing`, locked `decryption_locked`.
 */
export async function requireOwnSealer(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
}): Promise<Sealer> {
  const { db, unlockedKeys, actor } = options;
  const key = await lockKeyRemoval({ db, userId: actor.userId });
  if (!key) throw new AppError('encryption_key_missing', 400, 'context encrypted, no key');
  if (key.removal) throw new AppError('encryption_in_progress', 409, 'credential being removed');
  const sealer = await unlockedSealer(unlockedKeys, actor);
  if (!sealer) throw new AppError('decryption_locked', 403, 'context encrypted, key locked');
  return sealer;
}

/** What an attachment row stores for its file name in a conversation sealed by `sealer`. */
export function storedFilename(sealer: Sealer | undefined, attachmentId: string, name: string) {
  return sealer ? sealer.seal('attachments', attachmentId, 'filename', name) : name;
}

/**
 * An attachment row with its name and extracted text readable; `sealed` still says its
 * stored file is, which is opened when read.
 */
export function openAttachment<
  T extends {
    id: string;
    sealed: boolean;
    filename: string;
    filenameSealed: boolean;
    extractedText?: string | null;
  },
>(row: T, sealer: Sealer | undefined): T {
  // An empty text (a scan) is stored as it is, sealed or not.
  const textSealed = row.sealed && Boolean(row.extractedText);
  if (!row.filenameSealed && !textSealed) return row;
  if (!sealer) throw new AppError('decryption_locked', 403, 'attachment locked');
  return {
    ...row,
    filenameSealed: false,
    filename: row.filenameSealed
      ? sealer.open('attachments', row.id, 'filename', row.filename)
      : row.filename,
    ...(textSealed && {
      extractedText: sealer.open('attachments', row.id, 'extracted_text', row.extractedText!),
    }),
  };
}
