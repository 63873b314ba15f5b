import type { AttachmentRow, MessageRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { LlmModel } from '../../platform/llm/llm';
import { documentsText } from '../attachments';
import { type Sealer, openAttachment } from '../encryption';
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

/**
 * For regenerate and edit: the shown question asked again (its answer's question for a
 * regenerate), what came before it, and where the replaced part of the branch starts.
 * Without `messagePk`, the last answer or question.
 */
export function findStepToRedo(
  history: MessageRow[],
  kind: 'regenerate' | 'edit',
  messagePk: string | undefined,
) {
  const role = kind === 'regenerate' ? 'assistant' : 'user';
  const target =
    messagePk === undefined
      ? history.findLast((row) => row.role === role)
      : history.find((row) => row.id === messagePk && row.role === role);
  if (!target) throw new AppError('not_found', 404, 'no such message to ask again');
  const question =
    kind === 'edit'
      ? target
      : history.find((row) => row.id === target.parentId && row.role === 'user');
  if (!question) throw new AppError('not_found', 404, 'answer without its question');
  return {
    question,
    earlier: history.slice(0, history.indexOf(question)),
    /** The new version follows the same message as this one. */
    replaced: target,
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
  // An edited question's files are bound to its first version.
  const questionOf = new Map(
    earlier.filter((row) => row.role === 'user').map((row) => [row.filesFromId ?? row.id, row.id]),
  );
  if (questionOf.size === 0) return new Map();
  const byQuestion = new Map<string, AttachmentRow[]>();
  for (const row of await listBoundAttachments({ db: ctx.db, conversationId })) {
    const questionId = row.messageId ? questionOf.get(row.messageId) : undefined;
    if (!questionId) continue;
    const readable = openAttachment(row, sealer);
    byQuestion.set(questionId, [...(byQuestion.get(questionId) ?? []), readable]);
  }
  const documents = new Map<string, string>();
  for (const [messageId, rows] of byQuestion) {
    const text = documentsText({ rows, model });
    if (text) documents.set(messageId, text);
  }
  return documents;
}
