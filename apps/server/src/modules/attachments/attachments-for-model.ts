import { CHAT_FILES_MAX } from '@themis/shared';
import type { Database } from '../../db/client';
import type { AttachmentRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { LlmModel } from '../../platform/llm/llm';
import { type Sealer, openAttachment } from '../encryption';
import type { FileStorage } from '../../platform/storage/storage';
import { findUnsent, notFound, tooManyFiles } from './attachments.service';

/** Characters per token, as the quick estimate in platform/llm/usage-estimate.ts counts. */
const CHARS_PER_TOKEN = 4;
// Room kept per document for its heading and the cut note, so the whole text fits.
const FRAME_CHARS = 400;

/** The documents' text for the question, and the images as they were uploaded. */
export interface AttachmentsForModel {
  text: string;
  images: { data: Uint8Array; mediaType: string }[];
}

const isImage = (row: AttachmentRow) => row.mediaType.startsWith('image/');

/**
 * Shares `budget` characters among the texts: short ones whole, the rest split evenly, so
 * one long document cannot crowd out the others.
 */
function shareBudget(options: { lengths: number[]; budget: number }): number[] {
  const { lengths } = options;
  const shares = new Array<number>(lengths.length).fill(0);
  let left = options.budget;
  const order = lengths.map((_, index) => index).sort((a, b) => lengths[a]! - lengths[b]!);
  order.forEach((index, position) => {
    const fair = Math.floor(left / (order.length - position));
    shares[index] = Math.min(lengths[index]!, fair);
    left -= shares[index];
  });
  return shares;
}

function formatDocument(options: { filename: string; text: string; share: number }): string {
  const { filename, text, share } = options;
  const head = `--- Attached file: ${filename} ---`;
  if (share >= text.length) return `${head}\n${text}`;
  return (
    `${head}\n${text.slice(0, share)}\n` +
    `[The file was cut here: only the first ${share} of its ${text.length} characters fit.]`
  );
}

/**
 * The documents of one question as text for the model: each headed by its filename, all
 * together cut to fit half of the context window. Images are left to the caller.
 */
export function documentsText(options: { rows: AttachmentRow[]; model: LlmModel }): string {
  const documents = options.rows
    .filter((row) => !isImage(row) && row.extractedText)
    .map((row) => ({ filename: row.filename, text: row.extractedText! }));
  const budget = Math.max(
    0,
    Math.floor(options.model.context_window / 2) * CHARS_PER_TOKEN - documents.length * FRAME_CHARS,
  );
  const shares = shareBudget({ lengths: documents.map((doc) => doc.text.length), budget });
  return documents
    .map((doc, index) => formatDocument({ ...doc, share: shares[index]! }))
    .join('\n\n');
}

/**
 * What the model gets from the files of the question it answers: the documents' text and
 * the images. A file the model cannot use is refused, never silently dropped.
 */
export async function readForModel(options: {
  storage: FileStorage;
  rows: AttachmentRow[];
  model: LlmModel;
  /** Opens the files and texts of an encrypted conversation. */
  sealer?: Sealer;
}): Promise<AttachmentsForModel> {
  const { storage, model, sealer } = options;
  const rows = options.rows.map((row) => openAttachment(row, sealer));
  const images: AttachmentsForModel['images'] = [];
  for (const row of rows) {
    if (isImage(row)) {
      if (!model.vision) {
        throw new AppError('attachment_not_supported', 400, 'model cannot read images');
      }
      const file = await storage.get(row.storageKey);
      if (!file) throw notFound('attachment file');
      const bytes = row.sealed && sealer ? sealer.openFile(row.id, file.bytes) : file.bytes;
      images.push({ data: new Uint8Array(bytes), mediaType: row.mediaType });
    } else if (!row.extractedText) {
      // A scan is kept at upload (has_text false) but no model gets anything from it.
      throw new AppError('document_without_text', 400, 'document has no text');
    }
  }
  return { text: documentsText({ rows, model }), images };
}

/** The files sent with a new question: the user's unsent attachments in that conversation. */
export async function loadAttachmentsForModel(options: {
  db: Database;
  storage: FileStorage;
  userId: string;
  conversationId: string;
  attachmentIds: string[];
  model: LlmModel;
  sealer?: Sealer;
}): Promise<AttachmentsForModel> {
  const attachmentIds = [...new Set(options.attachmentIds)];
  if (attachmentIds.length > CHAT_FILES_MAX) throw tooManyFiles();
  if (attachmentIds.length === 0) return { text: '', images: [] };
  const rows = await findUnsent({ ...options, attachmentIds });
  return readForModel({
    storage: options.storage,
    rows,
    model: options.model,
    ...(options.sealer && { sealer: options.sealer }),
  });
}
