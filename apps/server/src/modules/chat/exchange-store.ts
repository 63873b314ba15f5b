import type { AttachmentRow, ConversationRow, MessageRow } from '../../db/schema';
import { AppError, encryptionChanged, notFound } from '../../errors';
import { isUuid } from '../../ids';
import {
  admitExchange,
  AttachmentNotBound,
  storeQuestion,
  type ExchangeRefusal,
  type ExchangeTicket,
  type QuestionToStore,
} from './chat.repo';
import type { Database } from '../../db/client';
import type { VersionedRow } from '../../repos/message-versions';

const REFUSALS: Record<ExchangeRefusal, () => AppError> = {
  conversation_not_found: () => notFound('conversation'),
  encryption_changed: encryptionChanged,
  conversation_busy: () =>
    new AppError('conversation_busy', 409, 'the conversation changed meanwhile'),
  owner_gone: () => new AppError('unauthorized', 401, 'owner gone'),
  monthly_limit_reached: () => new AppError('monthly_limit_reached', 403),
};

/** What an exchange stored: the rows as the tabs are shown them. */
export interface StoredExchange {
  question: VersionedRow;
  answer: VersionedRow;
  questionFiles: AttachmentRow[];
  touched: ConversationRow;
}

const firstVersion = (row: MessageRow): VersionedRow => ({ ...row, version: 1, versions: 1 });

/**
 * A new question and its empty answer, admitted and stored in one statement, with the other
 * questions sent in the same turn: on the embedded database a transaction holds the only
 * session across round trips to the server's thread, and each statement waits its turn on it,
 * which is what a burst of questions waits on.
 */
export async function storeSentQuestion(options: {
  db: Database;
  ticket: ExchangeTicket;
  exchange: QuestionToStore;
}): Promise<StoredExchange> {
  const attachmentIds = [...new Set(options.exchange.attachmentIds)];
  if (attachmentIds.some((id) => !isUuid(id))) throw notFound('attachment');
  const stored = await storeQuestion(options.db, options.ticket, {
    ...options.exchange,
    attachmentIds,
  }).catch((error: unknown) => {
    throw error instanceof AttachmentNotBound ? notFound('attachment') : error;
  });
  if ('refusal' in stored) throw REFUSALS[stored.refusal]();
  return {
    question: firstVersion(stored.question),
    answer: firstVersion(stored.answer),
    questionFiles: stored.files,
    touched: stored.touched,
  };
}

/**
 * Within the transaction of an exchange that writes more than one statement can (an answer
 * written again, a question edited): locks the conversation and its billing owner, or refuses.
 */
export async function admitOrRefuse(db: Database, ticket: ExchangeTicket): Promise<void> {
  const refusal = await admitExchange(db, ticket);
  if (refusal) throw REFUSALS[refusal]();
}
