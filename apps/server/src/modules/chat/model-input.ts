import type { AttachmentRow, MessageRow } from '../../db/schema';
import type { LlmContentPart, LlmMessage, LlmModel } from '../../platform/llm/llm';
import { estimateInputTokens } from '../../platform/llm/usage-estimate';
import type { FileStorage } from '../../platform/storage/storage';
import type { AttachmentsForModel } from '../attachments/attachments.service';

/** Share of the context window left for the answer itself. */
const ANSWER_SHARE = 0.25;
/** Attached text may fill at most this share of the context window (about 4 characters a token). */
const ATTACHMENT_SHARE = 0.5;
const CHARS_PER_TOKEN = 4;

const ATTACHMENT_HEADING = '\n\n--- Attached documents ---\n';
const CUT_NOTE = '\n[The attached text was cut here because it is too long.]';

/** The question with its files: text appended (cut with a note when too long), images as parts. */
function composeQuestion(options: {
  content: string;
  files: AttachmentsForModel;
  model: LlmModel;
}): LlmMessage {
  const { content, files, model } = options;
  let text = content;
  if (files.text.length > 0) {
    const room = Math.floor(model.context_window * ATTACHMENT_SHARE * CHARS_PER_TOKEN);
    const attached =
      files.text.length > room ? `${files.text.slice(0, room)}${CUT_NOTE}` : files.text;
    text = `${content}${ATTACHMENT_HEADING}${attached}`;
  }
  if (files.images.length === 0) return { role: 'user', content: text };
  const parts: LlmContentPart[] = [
    { type: 'text', text },
    ...files.images.map((image) => ({
      type: 'image' as const,
      data: image.data,
      mediaType: image.mediaType,
    })),
  ];
  return { role: 'user', content: parts };
}

/**
 * The conversation as the model gets it: every earlier question and answer that has text,
 * then the question with its files. The oldest turns go first when it would not fit.
 */
export function buildModelMessages(options: {
  history: MessageRow[];
  question: string;
  files: AttachmentsForModel;
  model: LlmModel;
  system: string;
}): LlmMessage[] {
  const { history, model, system } = options;
  const earlier: LlmMessage[] = history
    .filter((row) => row.content.length > 0)
    .map((row) => ({ role: row.role, content: row.content }));
  const last = composeQuestion({ content: options.question, files: options.files, model });
  const budget = Math.floor(model.context_window * (1 - ANSWER_SHARE));
  while (
    earlier.length > 0 &&
    estimateInputTokens({ system, messages: [...earlier, last] }) > budget
  ) {
    earlier.shift();
  }
  // Providers expect the conversation to open with a question.
  while (earlier[0]?.role === 'assistant') earlier.shift();
  return [...earlier, last];
}

/**
 * The files already bound to a question that is answered again (regenerate, edit): the
 * attachments service only hands out unsent files, so their stored text and images are
 * read here; an image is left out for a model without vision rather than refusing.
 */
export async function readBoundAttachments(options: {
  storage: FileStorage;
  files: AttachmentRow[];
  model: LlmModel;
}): Promise<AttachmentsForModel> {
  const { storage, files, model } = options;
  const text = files
    .filter((file) => file.extractedText)
    .map((file) => `[${file.filename}]\n${file.extractedText}`)
    .join('\n\n');
  const images: AttachmentsForModel['images'] = [];
  for (const file of files) {
    if (!file.mediaType.startsWith('image/') || !model.vision) continue;
    const stored = await storage.get(file.storageKey);
    if (stored) images.push({ data: new Uint8Array(stored.bytes), mediaType: file.mediaType });
  }
  return { text, images };
}
