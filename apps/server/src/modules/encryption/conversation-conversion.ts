import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { enqueueJob, type JobHandlers } from '../../platform/jobs/job-queue';
import type { FileStorage } from '../../platform/storage/storage';
import type { Sealer } from './conversation-sealer';
import type { EraseRemovedTextLater } from './removed-text.service';
import {
  deleteConversationRow,
  hasStreamingAnswer,
  listAttachmentTexts,
  listConversationFileKeys,
  listConversationFiles,
  listSealedFilesWithPlainNames,
  lockConversationRow,
  lockMessageTexts,
  setAttachmentTexts,
  setConversationNameAndState,
  setMessageTexts,
} from './conversation-conversion.repo';

/**
 * How the encryption sync job changes one conversation: sealed (ENCRYPT), opened (DECRYPT)
 * or removed (DELETE), all of it in one transaction under the conversation's row lock,
 * which the chat, uploads, renames and feedback take too before they write.
 */
export type ConversionOutcome = 'changed' | 'unchanged' | 'busy';

const DISCARD_FILE_JOB = 'encryption.discard-file';

/** Files replaced by their sealed or opened copy go after the commit, durably. */
export function fileDiscardJobHandlers(storage: FileStorage): JobHandlers {
  return {
    [DISCARD_FILE_JOB]: async (payload) => {
      const { key } = payload as { key: string };
      await storage.delete(key);
    },
  };
}

const discardLater = (db: Database, keys: string[]) =>
  Promise.all(
    // A plain copy left behind would be plaintext at rest: many tries before giving up.
    keys.map((key) =>
      enqueueJob(db, { type: DISCARD_FILE_JOB, payload: { key }, maxAttempts: 30 }),
    ),
  );

interface PreparedFile {
  id: string;
  oldKey: string;
  newKey: string;
}

/** Writes each attachment file still in the other state as a new object: sealed or opened. */
async function prepareFiles(options: {
  db: Database;
  storage: FileStorage;
  conversationId: string;
  seal: boolean;
  sealer: Sealer;
}): Promise<PreparedFile[]> {
  const { db, storage, conversationId, seal, sealer } = options;
  const rows = await listConversationFiles({ db, conversationId, sealed: !seal });
  const prepared: PreparedFile[] = [];
  for (const row of rows) {
    const file = await storage.get(row.storageKey);
    // A file already lost stays lost: its row is marked like the others, so the job ends.
    if (!file) {
      prepared.push({ id: row.id, oldKey: row.storageKey, newKey: row.storageKey });
      continue;
    }
    const bytes = seal ? sealer.sealFile(row.id, file.bytes) : sealer.openFile(row.id, file.bytes);
    // A new object, so that the row and its file change together at the commit.
    const newKey = `${row.storageKey.replace(/\.[0-9a-f-]{36}$/, '')}.${randomUUID()}`;
    await storage.put(newKey, bytes, row.type);
    prepared.push({ id: row.id, oldKey: row.storageKey, newKey });
  }
  return prepared;
}

/**
 * Locks the conversation for the transaction; 'busy' while an answer is being written into
 * it (its writer seals or not as the conversation was when it began).
 */
async function lockIdle(db: Database, conversationId: string) {
  const conversation = await lockConversationRow({ db, conversationId });
  if (!conversation) return undefined;
  return (await hasStreamingAnswer({ db, conversationId })) ? ('busy' as const) : conversation;
}

const sealedIfText = (text: string | null, seal: (plain: string) => string) =>
  text ? seal(text) : text;

/**
 * Seals (`seal`) or opens every text and file of one conversation with its owner's
 * sealer. A conversation with an answer being written is left for later ('busy').
 */
export async function convertConversation(options: {
  db: Database;
  storage: FileStorage;
  log: Pick<FastifyBaseLogger, 'warn'>;
  conversationId: string;
  seal: boolean;
  sealer: Sealer;
  eraseLater: EraseRemovedTextLater;
}): Promise<ConversionOutcome> {
  const { db, storage, conversationId, seal, sealer } = options;
  const files = await prepareFiles({ db, storage, conversationId, seal, sealer });
  const change = (
    table: 'conversations' | 'messages' | 'attachments',
    id: string,
    field: string,
  ) =>
    seal
      ? (plain: string) => sealer.seal(table, id, field, plain)
      : (stored: string) => sealer.open(table, id, field, stored);
  let outcome: ConversionOutcome = 'busy';
  try {
    outcome = await db.transaction(async (tx) => {
      const conversation = await lockIdle(tx, conversationId);
      if (conversation === 'busy') return 'busy';
      if (!conversation) return 'unchanged';
      if (conversation.encrypted === seal) {
        if (!seal || (await sealEarlierFileNames(tx, conversationId, sealer)) === 0) {
          return 'unchanged';
        }
        await options.eraseLater(tx);
        return 'changed';
      }
      const waiting = await listConversationFiles({ db: tx, conversationId, sealed: !seal });
      const prepared = new Map(files.map((file) => [file.id, file]));
      // A file came or went since they were prepared: try again on the next pass.
      const sameFiles =
        waiting.length === files.length &&
        waiting.every((row) => prepared.get(row.id)?.oldKey === row.storageKey);
      if (!sameFiles) return 'busy';

      await setConversationNameAndState({
        db: tx,
        conversationId,
        name: change('conversations', conversationId, 'name')(conversation.name),
        encrypted: seal,
      });
      // Feedback given meanwhile waits, then finds the message changed (and says so).
      const rows = await lockMessageTexts({ db: tx, conversationId, sealed: !seal });
      for (const row of rows) {
        await setMessageTexts({
          db: tx,
          messageId: row.id,
          set: {
            content: change('messages', row.id, 'content')(row.content),
            feedbackComment:
              row.feedbackComment === null
                ? null
                : change('messages', row.id, 'feedback_comment')(row.feedbackComment),
            sealed: seal,
          },
        });
      }
      const texts = await listAttachmentTexts({
        db: tx,
        attachmentIds: waiting.map((row) => row.id),
      });
      for (const row of texts) {
        await setAttachmentTexts({
          db: tx,
          attachmentId: row.id,
          set: {
            filename:
              row.filenameSealed === seal
                ? row.filename
                : change('attachments', row.id, 'filename')(row.filename),
            filenameSealed: seal,
            // An empty text (a scan) is never sealed: it says only that there is none.
            extractedText: sealedIfText(
              row.extractedText,
              change('attachments', row.id, 'extracted_text'),
            ),
            storageKey: prepared.get(row.id)!.newKey,
            sealed: seal,
          },
        });
      }
      await discardLater(
        tx,
        files.filter((file) => file.newKey !== file.oldKey).map((file) => file.oldKey),
      );
      await options.eraseLater(tx);
      return 'changed';
    });
  } finally {
    if (outcome !== 'changed') {
      for (const file of files.filter((prepared) => prepared.newKey !== prepared.oldKey)) {
        await storage.delete(file.newKey).catch((error: unknown) => {
          options.log.warn({ err: error, key: file.newKey }, 'prepared file not deleted');
        });
      }
    }
  }
  return outcome;
}

/** Seals the names of an encrypted conversation's files sealed before names were; how many. */
async function sealEarlierFileNames(
  db: Database,
  conversationId: string,
  sealer: Sealer,
): Promise<number> {
  const rows = await listSealedFilesWithPlainNames({ db, conversationId });
  for (const row of rows) {
    await setAttachmentTexts({
      db,
      attachmentId: row.id,
      set: {
        filename: sealer.seal('attachments', row.id, 'filename', row.filename),
        filenameSealed: true,
      },
    });
  }
  return rows.length;
}

/** Removes one encrypted conversation with its messages; its files go after the commit. */
export async function deleteEncryptedConversation(options: {
  db: Database;
  conversationId: string;
  eraseLater: EraseRemovedTextLater;
}): Promise<ConversionOutcome> {
  const { conversationId } = options;
  return options.db.transaction(async (tx) => {
    const conversation = await lockIdle(tx, conversationId);
    if (conversation === 'busy') return 'busy';
    if (!conversation?.encrypted) return 'unchanged';
    const fileKeys = await listConversationFileKeys({ db: tx, conversationId });
    await deleteConversationRow({ db: tx, conversationId });
    await discardLater(tx, fileKeys);
    await options.eraseLater(tx);
    return 'changed';
  });
}
