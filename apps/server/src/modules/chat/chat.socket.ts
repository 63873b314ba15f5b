import type { ChatClientMessage, ServerMessage } from '@themis/shared';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { LlmGateway } from '../../platform/llm/llm';
import type { UnlockedKeys } from '../../platform/crypto/unlocked-keys';
import type { FileStorage } from '../../platform/storage/storage';
import { createProgressSaver } from './answer-progress';
import { presentMessage } from '../../presenters/chat.presenter';
import { conversationOwners, markStaleAnswers } from './chat.repo';
import { SHUTDOWN, type ChatContext, type ChatLog } from './chat.context';
import { startAnswer, stopAnswer, subscribeToConversation } from './chat.service';
import { createRedisRelay } from './redis-relay';
import { createStreamHub, type ChatListener, type OpenSealed } from './stream-hub';
import { sealerOf } from '../encryption';

/**
 * An answer not written for this long while 'streaming' was left by an instance that died:
 * a live one is written at least every fifth of it, even while its model is silent.
 */
export const STALE_AFTER_MS = 15_000;

/** The frames that start an answer: refused while the instance stops. */
const STARTS_ANSWER = new Set<ChatClientMessage['type']>([
  'chat.send',
  'chat.regenerate',
  'chat.edit',
]);

declare module 'fastify' {
  interface FastifyInstance {
    chat: Chat;
  }
}

/** The chat side of one WebSocket connection. */
interface ChatSession {
  handle(message: ChatClientMessage): void;
  close(): void;
}

export interface Chat {
  openSession(options: { actor: UserActor; send(message: ServerMessage): void }): ChatSession;
  /**
   * The instance is stopping: new answers are refused here (the tabs reconnect to another
   * instance) and the ones being written get up to `graceMs` to finish.
   */
  drain(graceMs: number): Promise<void>;
  /** Marks stale 'streaming' answers as errors; runs at start-up and every few seconds. */
  sweepStaleAnswers(): Promise<number>;
  /** Sweeps now (settling once done) and every third of the stale time. */
  start(): Promise<void>;
  /** Aborts the answers being written (stored as errors) and waits for them to be stored. */
  close(): Promise<void>;
  /** How many answers this instance is writing now. */
  liveAnswerCount(): number;
  /**
   * Runs `change` while no answer can start in the conversation on this instance:
   * conversation_busy while one is being asked or written here.
   */
  whileIdle<T>(conversationId: string, change: () => Promise<T>): Promise<T>;
  /** Sends `frame` to every tab following the conversation, on every instance. */
  publish(conversationId: string, frame: ServerMessage): void;
}

type ErrorFrameDetail = Extract<ServerMessage, { type: 'error' }>['detail'];

function refusal(
  error: unknown,
  log: ChatLog,
  report: ((error: unknown) => void) | undefined,
): ErrorFrameDetail {
  if (error instanceof AppError) return error.code;
  log.error({ err: error }, 'chat frame failed');
  report?.(error);
  return 'internal_error';
}

function runFrame(options: {
  ctx: ChatContext;
  actor: UserActor;
  listener: ChatListener;
  message: ChatClientMessage;
}): Promise<void> {
  const { ctx, actor, listener, message } = options;
  const base = { ctx, actor, listener };
  switch (message.type) {
    case 'chat.send':
      return startAnswer({
        ...base,
        request: {
          kind: 'send',
          requestId: message.request_id,
          conversationId: message.conversation_pk,
          content: message.content,
          modelId: message.model_id,
          attachmentIds: message.attachment_pks,
          language: message.language,
        },
      });
    case 'chat.regenerate':
      return startAnswer({
        ...base,
        request: {
          kind: 'regenerate',
          requestId: message.request_id,
          conversationId: message.conversation_pk,
          messagePk: message.message_pk,
          modelId: message.model_id,
          language: message.language,
        },
      });
    case 'chat.edit':
      return startAnswer({
        ...base,
        request: {
          kind: 'edit',
          requestId: message.request_id,
          conversationId: message.conversation_pk,
          messagePk: message.message_pk,
          content: message.content,
          modelId: message.model_id,
          language: message.language,
        },
      });
    case 'chat.stop':
      return stopAnswer({ ctx, actor, conversationId: message.conversation_pk });
    case 'chat.subscribe':
      return subscribeToConversation({
        ...base,
        conversationId: message.conversation_pk,
        fromOffset: message.from_offset,
      });
    case 'chat.unsubscribe':
      ctx.hub.unsubscribe(message.conversation_pk, listener);
      return Promise.resolve();
  }
}

/** The chat over /ws: one hub per instance, joined through Redis when there is one. */
export function registerChat(
  app: FastifyInstance,
  options: Omit<Parameters<typeof createChat>[0], 'log'>,
): Chat {
  const chat = createChat({ ...options, log: app.log });
  app.decorate('chat', chat);
  app.addHook('onReady', async () => chat.start());
  // Before the database closes: the answers being written still need their final status.
  app.addHook('preClose', () => chat.close());
  return chat;
}

export function createChat(options: {
  db: Database;
  llm: LlmGateway;
  storage: FileStorage;
  unlockedKeys: UnlockedKeys;
  log: ChatLog;
  now: () => Date;
  redis?: Redis;
  idleTimeoutMs?: number;
  saveEveryMs?: number;
  staleAfterMs?: number;
  onTokens?: ChatContext['onTokens'];
  /** Told of a frame that failed other than by refusal (the error tracker). */
  reportError?: (error: unknown) => void;
}): Chat {
  const staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
  const { redis, log } = options;
  const openSealed: OpenSealed = async (listener, ownerId, message) => {
    if (!listener.sessionId) return undefined;
    const dataKey = await options.unlockedKeys.get(listener.sessionId, ownerId);
    if (!dataKey) return undefined;
    const sealer = sealerOf(dataKey, ownerId);
    return { ...message, content: sealer.open('messages', message.pk, 'content', message.content) };
  };
  const hub = createStreamHub({
    ...(redis && { relay: createRedisRelay({ redis, log }) }),
    openSealed,
  });
  const ctx: ChatContext = {
    db: options.db,
    llm: options.llm,
    storage: options.storage,
    unlockedKeys: options.unlockedKeys,
    hub,
    log,
    now: options.now,
    idleTimeoutMs: options.idleTimeoutMs,
    onTokens: options.onTokens,
  };
  const progress = createProgressSaver({
    db: options.db,
    hub,
    log,
    everyMs: options.saveEveryMs ?? 250,
    heartbeatMs: staleAfterMs / 5,
  });

  /**
   * Ends the answers of an instance that died, and tells the tabs following them (here and,
   * through the relay, elsewhere) with what was written. A sealed answer travels sealed and
   * is opened for each tab by its session's key.
   */
  const sweepStaleAnswers = async () => {
    const ended = await markStaleAnswers({
      db: ctx.db,
      olderThan: new Date(ctx.now().getTime() - staleAfterMs),
      keepIds: hub.liveAnswers().map((answer) => answer.messageId),
    });
    const sealed = ended.filter((row) => row.sealed);
    const owners = await conversationOwners({
      db: ctx.db,
      conversationIds: sealed.map((row) => row.conversationId),
    });
    for (const row of ended) {
      const message = presentMessage(row, []);
      const ownerId = owners.get(row.conversationId);
      if (!row.sealed) {
        hub.publish(row.conversationId, {
          type: 'chat.done',
          conversation_pk: row.conversationId,
          message,
        });
      } else if (ownerId) {
        hub.publishSealedDone(row.conversationId, ownerId, message);
      }
    }
    return ended.length;
  };
  const sweep = () =>
    sweepStaleAnswers().then(
      () => undefined,
      (err: unknown) => log.warn({ err }, 'stale answers not swept'),
    );
  let timer: NodeJS.Timeout | undefined;
  let draining = false;

  return {
    openSession({ actor, send }) {
      const listener: ChatListener = { send, sessionId: actor.sessionId };
      return {
        handle(message) {
          if (draining && STARTS_ANSWER.has(message.type)) {
            send({
              type: 'error',
              detail: 'service_unavailable',
              ...('request_id' in message && { request_id: message.request_id }),
              conversation_pk: message.conversation_pk,
            });
            return;
          }
          runFrame({ ctx, actor, listener, message }).catch((error: unknown) => {
            const conversationPk = message.conversation_pk;
            send({
              type: 'error',
              detail: refusal(error, log, options.reportError),
              ...('request_id' in message && { request_id: message.request_id }),
              conversation_pk: conversationPk,
            });
          });
        },
        // A dropped tab stops following; the answer goes on (only chat.stop ends it).
        close: () => hub.unsubscribeAll(listener),
      };
    },
    sweepStaleAnswers,
    async drain(graceMs) {
      draining = true;
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(hub.liveAnswers().map((answer) => answer.finished)),
        new Promise((done) => (deadline = setTimeout(done, graceMs))),
      ]);
      clearTimeout(deadline);
    },
    async start() {
      progress.start();
      timer = setInterval(() => void sweep(), staleAfterMs / 3);
      timer.unref();
      // Answers a previous run of this instance left 'streaming' are ended before it serves.
      await sweep();
    },
    async close() {
      clearInterval(timer);
      const live = hub.liveAnswers();
      for (const answer of live) answer.controller.abort(SHUTDOWN);
      await Promise.all(live.map((answer) => answer.finished));
      await progress.stop();
      await hub.close();
    },
    liveAnswerCount: () => hub.liveAnswers().length,
    publish: (conversationId, frame) => hub.publish(conversationId, frame),
    async whileIdle(conversationId, change) {
      if (!hub.reserve(conversationId)) throw new AppError('conversation_busy', 409);
      try {
        return await change();
      } finally {
        hub.release(conversationId);
      }
    },
  };
}
