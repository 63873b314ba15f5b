import type { AttachmentRow, ConversationRow } from '../../db/schema';
import { AppError, encryptionChanged, notFound } from '../../errors';
import type { Database } from '../../db/client';
import type { VersionedRow } from '../../repos/message-versions';
import {
  AttachmentNotBound,
  storeExchange,
  type ExchangeRefusal,
  type ExchangeTicket,
  type ExchangeToStore,
} from './chat.repo';

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
  /** The files bound to a new question (a question asked again keeps its own). */
  boundFiles: AttachmentRow[];
  touched: ConversationRow;
}

/**
 * A send, regenerate or edit, admitted and stored in one statement with the other exchanges
 * of the same turn: on the embedded database a transaction would hold the only session across
 * round trips to the server's thread, and each statement waits its turn on it, which is what
 * a burst of questions waits on. Every refusal leaves nothing written.
 */
export async function storeAdmittedExchange(options: {
  db: Database;
  ticket: ExchangeTicket;
  exchange: ExchangeToStore;
}): Promise<StoredExchange> {
  const stored = await storeExchange(options.db, options.ticket, options.exchange).catch(
    (error: unknown) => {
      throw error instanceof AttachmentNotBound ? notFound('attachment') : error;
    },
  );
  if ('refusal' in stored) throw REFUSALS[stored.refusal]();
  return {
    question: stored.question,
    answer: stored.answer,
    boundFiles: stored.files,
    touched: stored.touched,
  };
}
