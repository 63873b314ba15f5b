import { randomUUID } from 'node:crypto';
import { CHAT_FILES_MAX, type ServerMessage } from '@themis/shared';
import type { ConversationRow } from '../../db/schema';
import { requireContextAccess, requireConversationAccess } from '../../access/access';
import { mayUseModel } from '../../access/policies';
import type { UserActor } from '../../access/actor';
import type { ConversationAction } from '../../access/policies';
import { AppError } from '../../errors';
import { boundInputTokens } from '../../platform/llm/usage-estimate';
import { monthKey } from '../usage';
import type { LlmModel } from '../../platform/llm/llm';
import { tooManyFiles } from '../attachments';
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
} from '../encryption';
import { writeAnswer } from './answer-writer';
import { storeAdmittedExchange } from './exchange-store';
import { readExchangeInput, type ExchangeInput, type ExchangeRequest } from './exchange-input';
import { nameFromQuestion } from './conversation-so-far';
import { ANSWER_OUTPUT_RESERVE, type ChatContext } from './chat.context';
import { findStreamingAnswer, type ExchangeStep } from './chat.repo';
import type { ChatListener } from './stream-hub';

/** A send, regenerate or edit, as a tab asks for it. */
export type AnswerRequest = ExchangeRequest & { requestId: string; modelId: string };

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

/** What the exchange adds to the shown branch, as chat.repo stores it. */
function exchangeStep(
  request: AnswerRequest,
  input: ExchangeInput,
  storedQuestion: string,
): ExchangeStep {
  const { redo } = input;
  if (request.kind === 'send') {
    const attachmentIds = [...new Set(request.attachmentIds)];
    return { kind: 'send', questionContent: storedQuestion, attachmentIds };
  }
  if (request.kind === 'regenerate') return { kind: 'regenerate', replacedSeq: redo!.replaced.seq };
  return {
    kind: 'edit',
    questionContent: storedQuestion,
    replacedSeq: redo!.replaced.seq,
    parentId: redo!.question.parentId,
    // An edited question keeps the files of the version it was edited from.
    filesFromId: redo!.question.filesFromId ?? redo!.question.id,
  };
}

/**
 * Reads what the model is given, then stores the question and an empty 'streaming' answer in
 * one statement, which refuses what needs the database (busy elsewhere, monthly limit, files
 * not the user's): the answer holds its expected tokens against the limit.
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
  const input = await readExchangeInput(options);
  const { sealer, history, redo, content, system, modelMessages } = input;
  const rename =
    !conversation.nameSetByUser && readableConversation(conversation, sealer).name === ''
      ? nameFromQuestion(content)
      : undefined;
  // A regenerate asks the same question: only the answer is new.
  const questionId = redo && request.kind === 'regenerate' ? redo.question.id : randomUUID();
  const answerId = randomUUID();
  // Whose allowance the answer is held against: the user's own, or the organization's pool.
  const owner = { userId: actor.userId, organizationId: actor.organizationId };
  const stored = await storeAdmittedExchange({
    db: ctx.db,
    ticket: {
      conversationId,
      owner,
      sealed: sealer !== undefined,
      lastShownId: history.at(-1)?.id ?? null,
      month: monthKey(ctx.now()),
    },
    exchange: {
      questionId,
      answerId,
      answerContent: storedContent(sealer, answerId, ''),
      modelId: model.id,
      reservedTokens: boundInputTokens({ system, messages: modelMessages }) + ANSWER_OUTPUT_RESERVE,
      // A regenerate leaves the name as it is.
      name:
        rename === undefined || request.kind === 'regenerate'
          ? undefined
          : sealer
            ? sealer.seal('conversations', conversationId, 'name', rename)
            : rename,
      step: exchangeStep(request, input, storedContent(sealer, questionId, content)),
    },
  });
  return {
    question: openMessage(stored.question, sealer),
    answer: openMessage(stored.answer, sealer),
    questionFiles: redo ? input.questionFiles : stored.boundFiles,
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
