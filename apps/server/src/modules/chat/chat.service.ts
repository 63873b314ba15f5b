import { randomUUID } from 'node:crypto';
import { CHAT_FILES_MAX, type Language, type ServerMessage } from '@themis/shared';
import type { ConversationRow } from '../../db/schema';
import { requireContextAccess, requireConversationAccess } from '../../access/access';
import { mayUseModel } from '../../access/policies';
import type { UserActor } from '../../access/actor';
import type { ConversationAction } from '../../access/policies';
import { AppError } from '../../errors';
import { boundInputTokens } from '../../platform/llm/usage-estimate';
import { billingOwnerOf, monthKey } from '../usage/allowance.service';
import type { LlmModel } from '../../platform/llm/llm';
import {
  loadAttachmentsForModel,
  readForModel,
} from '../attachments/attachments-for-model.service';
import { tooManyFiles } from '../attachments/attachments.service';
import {
  attachmentView,
  presentConversation,
  presentMessage,
} from '../../presenters/chat.presenter';
import {
  openAttachment,
  openMessage,
  readableConversation,
  sealerForConversation,
  storedContent,
} from '../encryption/conversation-sealer.service';
import { writeAnswer } from './answer-writer';
import { admitOrRefuse, storeSentQuestion, type StoredExchange } from './exchange-store';
import { findStepToRedo, nameFromQuestion, readEarlierDocuments } from './conversation-so-far';
import { ANSWER_OUTPUT_RESERVE, type ChatContext } from './chat.context';
import {
  findStreamingAnswer,
  insertMessage,
  insertQuestionAndAnswer,
  listConversationMessages,
  listMessageAttachments,
  touchConversation,
  type ExchangeTicket,
} from './chat.repo';
import { countVersions, findVersionedMessage, hideBranchFrom } from '../../repos/message-versions';
import { buildModelMessages } from './model-input';
import type { ChatListener } from './stream-hub';
import { buildSystemPrompt } from './system-prompt';
import { sealerForNewContent } from '../encryption/new-content-sealer.service';

/**
 * A new question, a shown answer written again, or a shown question asked in other words
 * (`messagePk`: which; the last one by default).
 */
export type AnswerRequest = {
  requestId: string;
  conversationId: string;
  modelId: string;
  language: Language;
} & (
  | { kind: 'send'; content: string; attachmentIds: string[] }
  | { kind: 'regenerate'; messagePk?: string }
  | { kind: 'edit'; content: string; messagePk?: string }
);

async function requireConversation(options: {
  ctx: ChatContext;
  actor: UserActor;
  action: ConversationAction;
  conversationId: string;
}) {
  const { conversation } = await requireConversationAccess({ db: options.ctx.db, ...options });
  return conversation;
}

async function requireModel(
  ctx: ChatContext,
  actor: UserActor,
  modelId: string,
): Promise<LlmModel> {
  if (modelId === '') throw new AppError('no_model_selected', 400);
  const model = (await ctx.llm.listModels()).find((candidate) => candidate.id === modelId);
  if (!model) throw new AppError('model_not_found', 404, `model ${modelId} not listed`);
  if (!mayUseModel(actor, model.id)) throw new AppError('model_not_allowed', 403);
  return model;
}

/**
 * The refusals that need the database (busy elsewhere, monthly limit, attachments), then the
 * question and an empty 'streaming' answer stored in one transaction, the answer holding its
 * expected tokens against the limit.
 */
async function storeExchange(options: {
  ctx: ChatContext;
  actor: UserActor;
  request: AnswerRequest;
  conversation: ConversationRow;
  model: LlmModel;
}) {
  const { ctx, actor, request, conversation, model } = options;
  const { conversationId } = request;
  const userId = actor.userId;
  // Locked: an encrypted conversation takes no question (decryption_locked), nothing written;
  // nor does a plain one in a context that now encrypts.
  const sealer = await sealerForNewContent({
    db: ctx.db,
    unlockedKeys: ctx.unlockedKeys,
    actor,
    conversation,
  });
  const history = (await listConversationMessages({ db: ctx.db, conversationId })).map((row) =>
    openMessage(row, sealer),
  );
  if (history.some((row) => row.status === 'streaming')) {
    throw new AppError('conversation_busy', 409, 'answer streaming on another instance');
  }
  const owner = billingOwnerOf(actor);
  const redo =
    request.kind === 'send' ? undefined : findStepToRedo(history, request.kind, request.messagePk);
  const attachmentIds = request.kind === 'send' ? request.attachmentIds : [];
  const lastFiles = redo
    ? await listMessageAttachments({
        db: ctx.db,
        messageId: redo.question.filesFromId ?? redo.question.id,
      })
    : [];
  const files = redo
    ? await readForModel({ storage: ctx.storage, rows: lastFiles, model, sealer })
    : await loadAttachmentsForModel({
        db: ctx.db,
        storage: ctx.storage,
        userId,
        conversationId,
        attachmentIds,
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
  const rename =
    !conversation.nameSetByUser && readableConversation(conversation, sealer).name === ''
      ? nameFromQuestion(content)
      : undefined;
  const { organizationId } = conversation;
  const sealed = sealer !== undefined;
  // A regenerate asks the same question: only the answer is new.
  const questionId = request.kind === 'regenerate' ? redo!.question.id : randomUUID();
  const answerId = randomUUID();
  const answerValues = {
    id: answerId,
    conversationId,
    userId,
    organizationId,
    parentId: questionId,
    role: 'assistant' as const,
    content: storedContent(sealer, answerId, ''),
    sealed,
    status: 'streaming' as const,
    modelId: model.id,
    reservedTokens: boundInputTokens({ system, messages: modelMessages }) + ANSWER_OUTPUT_RESERVE,
  };

  const name =
    rename !== undefined && sealer
      ? sealer.seal('conversations', conversationId, 'name', rename)
      : rename;
  const ticket: ExchangeTicket = {
    conversationId,
    owner,
    sealed,
    lastShownId: history.at(-1)?.id ?? null,
    month: monthKey(ctx.now()),
  };
  const stored: StoredExchange = !redo
    ? await storeSentQuestion({
        db: ctx.db,
        ticket,
        exchange: {
          questionId,
          questionContent: storedContent(sealer, questionId, content),
          answerId,
          answerContent: answerValues.content,
          modelId: model.id,
          reservedTokens: answerValues.reservedTokens,
          attachmentIds,
          name,
        },
      })
    : await ctx.db.transaction(async (tx) => {
        await admitOrRefuse(tx, ticket);
        // The replaced part of the branch stays, as versions no longer shown.
        await hideBranchFrom({ db: tx, conversationId, fromSeq: redo.replaced.seq });
        if (request.kind === 'regenerate') {
          const answer = await insertMessage({ db: tx, values: answerValues });
          const versions = await countVersions({ db: tx, conversationId, parentId: questionId });
          return {
            question: await findVersionedMessage({ db: tx, messageId: questionId }),
            answer: { ...answer, version: versions, versions },
            questionFiles: lastFiles,
            touched: await touchConversation({ db: tx, conversationId }),
          };
        }
        const parentId = redo.question.parentId;
        const exchange = await insertQuestionAndAnswer({
          db: tx,
          question: {
            id: questionId,
            conversationId,
            userId,
            organizationId,
            parentId,
            // An edited question keeps the files of the version it was edited from.
            filesFromId: redo.question.filesFromId ?? redo.question.id,
            role: 'user',
            content: storedContent(sealer, questionId, content),
            sealed,
            status: 'complete',
          },
          answer: answerValues,
        });
        const versions = await countVersions({ db: tx, conversationId, parentId });
        return {
          question: { ...exchange.question, version: versions, versions },
          answer: { ...exchange.answer, version: 1, versions: 1 },
          questionFiles: lastFiles,
          touched: await touchConversation({ db: tx, conversationId, name }),
        };
      });
  return {
    question: openMessage(stored.question, sealer),
    answer: openMessage(stored.answer, sealer),
    questionFiles: stored.questionFiles,
    touched: readableConversation(stored.touched, sealer),
    rename,
    system,
    modelMessages,
    owner,
    sealer,
  };
}

/**
 * Checks a send, regenerate or edit, stores the question and an empty 'streaming' answer in
 * one transaction, sends chat.accepted to every tab following the conversation and starts
 * the model. Every refusal happens before anything is written.
 */
export async function startAnswer(options: {
  ctx: ChatContext;
  actor: UserActor;
  listener: ChatListener;
  request: AnswerRequest;
}): Promise<void> {
  const { ctx, actor, listener, request } = options;
  const { conversationId } = request;
  requireContextAccess({ actor, action: 'chat.ask' });
  // Refused before any database work, with the upload route's code.
  if (request.kind === 'send' && new Set(request.attachmentIds).size > CHAT_FILES_MAX) {
    throw tooManyFiles();
  }
  const conversation = await requireConversation({ ctx, actor, action: 'ask', conversationId });
  const model = await requireModel(ctx, actor, request.modelId);
  if (!ctx.hub.reserve(conversationId)) throw new AppError('conversation_busy', 409);
  const prepared = await storeExchange({ ctx, actor, request, conversation, model }).catch(
    (error: unknown) => {
      ctx.hub.release(conversationId);
      throw error;
    },
  );

  const { question, questionFiles, answer, touched, rename, sealer } = prepared;
  ctx.hub.subscribe(conversationId, listener);
  // The user's other tabs show the exchange too; they tell it is not theirs by request_id.
  ctx.hub.publish(conversationId, {
    type: 'chat.accepted',
    request_id: request.requestId,
    conversation_pk: conversationId,
    question: presentMessage(
      question,
      questionFiles.map((file) => attachmentView(openAttachment(file, sealer))),
    ),
    answer: presentMessage(answer, []),
  });
  if (rename !== undefined) {
    ctx.hub.publish(conversationId, {
      type: 'conversation.updated',
      conversation: presentConversation({ ...touched, isStreaming: true }),
    });
  }

  const live = {
    owner: prepared.owner,
    conversationId,
    messageId: answer.id,
    content: '',
    ...(sealer && {
      seal: (text: string) => sealer.seal('messages', answer.id, 'content', text),
    }),
    controller: new AbortController(),
    finished: Promise.resolve(),
  };
  ctx.hub.start(live);
  live.finished = writeAnswer({
    ctx,
    live,
    answerRow: answer,
    model,
    system: prepared.system,
    messages: prepared.modelMessages,
    language: request.language,
  });
}

/** chat.stop: the partial answer is kept, marked cancelled. */
export async function stopAnswer(options: {
  ctx: ChatContext;
  actor: UserActor;
  conversationId: string;
}): Promise<void> {
  const { ctx, actor, conversationId } = options;
  await requireConversationAccess({ db: ctx.db, actor, action: 'stop', conversationId });
  ctx.hub.stop(conversationId);
}

/**
 * chat.subscribe: the tab follows the conversation; an answer being written is sent from
 * `fromOffset` as one delta, and then as it grows.
 */
export async function subscribeToConversation(options: {
  ctx: ChatContext;
  actor: UserActor;
  listener: ChatListener;
  conversationId: string;
  fromOffset: number;
}): Promise<void> {
  const { ctx, actor, listener, conversationId, fromOffset } = options;
  const { conversation } = await requireConversationAccess({
    db: ctx.db,
    actor,
    action: 'follow',
    conversationId,
  });
  const sealer = await sealerForConversation({
    unlockedKeys: ctx.unlockedKeys,
    actor,
    conversation,
  });
  // Subscribing and reading the live content happen in one tick: no delta falls between.
  ctx.hub.subscribe(conversationId, listener);
  const live = ctx.hub.find(conversationId);
  const catchUp = (messageId: string, content: string): ServerMessage | undefined =>
    fromOffset < content.length
      ? {
          type: 'chat.delta',
          conversation_pk: conversationId,
          message_pk: messageId,
          offset: fromOffset,
          text: content.slice(fromOffset),
        }
      : undefined;
  let frame: ServerMessage | undefined;
  if (live) {
    frame = catchUp(live.messageId, live.content);
  } else {
    // Written by another instance: what its last save holds at once, and what that instance
    // has sent since, through the relay (its next deltas come that way too).
    const row = await findStreamingAnswer({ db: ctx.db, conversationId });
    if (row) {
      frame = catchUp(row.id, openMessage(row, sealer).content);
      ctx.hub.requestCatchUp(conversationId, fromOffset);
    }
  }
  if (frame) listener.send(frame);
}
