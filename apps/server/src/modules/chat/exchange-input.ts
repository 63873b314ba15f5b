import type { Language } from '@themis/shared';
import type { AttachmentRow, ConversationRow, MessageRow } from '../../db/schema';
import type { UserActor } from '../../access/actor';
import type { LlmMessage, LlmModel } from '../../platform/llm/llm';
import { loadAttachmentsForModel, readForModel } from '../attachments';
import { type Sealer, openMessage, sealerForNewContent } from '../encryption';
import type { ChatContext } from './chat.context';
import { listConversationMessages, listMessageAttachments } from './chat.repo';
import { findStepToRedo, readEarlierDocuments } from './conversation-so-far';
import { buildModelMessages } from './model-input';
import { buildSystemPrompt } from './system-prompt';

/** A question to answer: a new one, a shown one answered again, or a shown one reworded. */
export type ExchangeRequest = { conversationId: string; language: Language } & (
  | { kind: 'send'; content: string; attachmentIds: string[] }
  | { kind: 'regenerate'; messagePk?: string }
  | { kind: 'edit'; content: string; messagePk?: string }
);

/** What an exchange is built from: the conversation so far and what the model is given. */
export interface ExchangeInput {
  /** Seals the new messages of an encrypted conversation. */
  sealer: Sealer | undefined;
  /** The shown branch when it was read, opened. */
  history: MessageRow[];
  /** For a regenerate or an edit: the step asked again. */
  redo: ReturnType<typeof findStepToRedo> | undefined;
  /** The question's text as the user wrote it. */
  content: string;
  /** The files the question is asked with: those sent, or the asked-again question's own. */
  questionFiles: AttachmentRow[];
  system: string;
  modelMessages: LlmMessage[];
}

/**
 * Reads what the model is given for the exchange: the shown branch (up to the step asked
 * again), earlier questions' documents, the files sent with the question. Locked: an
 * encrypted conversation takes no question (decryption_locked), nor does a plain one in a
 * context that now encrypts.
 */
export async function readExchangeInput(options: {
  ctx: ChatContext;
  actor: UserActor;
  request: ExchangeRequest;
  conversation: ConversationRow;
  model: LlmModel;
}): Promise<ExchangeInput> {
  const { ctx, actor, request, conversation, model } = options;
  const { conversationId } = request;
  const sealer = await sealerForNewContent({
    db: ctx.db,
    unlockedKeys: ctx.unlockedKeys,
    actor,
    conversation,
  });
  const history = (await listConversationMessages({ db: ctx.db, conversationId })).map((row) =>
    openMessage(row, sealer),
  );
  const redo =
    request.kind === 'send' ? undefined : findStepToRedo(history, request.kind, request.messagePk);
  const questionFiles = redo
    ? await listMessageAttachments({
        db: ctx.db,
        messageId: redo.question.filesFromId ?? redo.question.id,
      })
    : [];
  const files = redo
    ? await readForModel({ storage: ctx.storage, rows: questionFiles, model, sealer })
    : await loadAttachmentsForModel({
        db: ctx.db,
        storage: ctx.storage,
        userId: actor.userId,
        conversationId,
        attachmentIds: request.kind === 'send' ? request.attachmentIds : [],
        model,
        sealer,
      });
  const content = request.kind === 'regenerate' ? redo!.question.content : request.content;
  const earlier = redo ? redo.earlier : history;
  const earlierDocuments = await readEarlierDocuments({
    ctx,
    conversationId,
    earlier,
    model,
    sealer,
  });
  const system = buildSystemPrompt({ language: request.language, now: ctx.now() });
  const modelMessages = buildModelMessages({
    history: earlier,
    earlierDocuments,
    question: content,
    files,
    model,
    system,
  });
  return { sealer, history, redo, content, questionFiles, system, modelMessages };
}
