import type { AttachmentRow, MessageRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { LlmModel } from '../../platform/llm/llm';
import { documentsText } from '../attachments/attachments-for-model.service';
import { openAttachmentText, type Sealer } from '../encryption/conversation-sealer.service';
import type { ChatContext } from './chat.context';
import { listBoundAttachments } from './chat.repo';

// What an answer reads of the conversation so far: its name, the question answered again,
// and the documents of earlier questions.

const NAME_LENGTH = 60;

/** A conversation's first name: the question's start, cut at a word boundary. */
export function nameFromQuestion(content: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= NAME_LENGTH) return text;
  const cut = text.slice(0, NAME_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > NAME_LENGTH / 3 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** For regenerate and edit: the last question and everything after it. */
export function findLastQuestion(history: MessageRow[]) {
  const index = history.findLastIndex((row) => row.role === 'user');
  if (index < 0) throw new AppError('not_found', 404, 'no question to answer again');
  return {
    question: history[index]!,
    earlier: history.slice(0, index),
    after: history.slice(index + 1),
  };
}

/**
 * Earlier questions' documents, as text, so a follow-up can still refer to them. Their
 * images are not sent again: the answers about them are in the history.
 */
export async function readEarlierDocuments(options: {
  ctx: ChatContext;
  conversationId: string;
  earlier: MessageRow[];
  model: LlmModel;
  sealer: Sealer | undefined;
}): Promise<Map<string, string>> {
  const { ctx, conversationId, earlier, model, sealer } = options;
  const questionIds = new Set(earlier.filter((row) => row.role === 'user').map((row) => row.id));
  if (questionIds.size === 0) return new Map();
  const byQuestion = new Map<string, AttachmentRow[]>();
  for (const row of await listBoundAttachments({ db: ctx.db, conversationId })) {
    if (!row.messageId || !questionIds.has(row.messageId)) continue;
    const readable = openAttachmentText(row, sealer);
    byQuestion.set(row.messageId, [...(byQuestion.get(row.messageId) ?? []), readable]);
  }
  const documents = new Map<string, string>();
  for (const [messageId, rows] of byQuestion) {
    const text = documentsText({ rows, model });
    if (text) documents.set(messageId, text);
  }
  return documents;
}
