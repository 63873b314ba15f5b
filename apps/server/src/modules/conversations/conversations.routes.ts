import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONVERSATION_PAGE_SIZE,
  ZConversation,
  ZConversationCreateRequest,
  ZConversationPage,
  ZConversationRenameRequest,
  ZErrorResponse,
  ZMessage,
  ZMessageFeedbackRequest,
  ZMessagePage,
  ZMessagePageQuery,
  ZOkResponse,
  ZSearchQuery,
  ZSearchResult,
  ZSwitchVersionRequest,
} from '@themis/shared';
import type { Database } from '../../db/client';
import type { UnlockedKeys } from '../../platform/crypto/unlocked-keys';
import type { FileStorage } from '../../platform/storage/storage';
import { requireActor } from '../auth';
import { searchConversations } from './conversations-search.service';
import {
  createConversation,
  deleteConversation,
  getConversation,
  listConversations,
  listMessages,
  renameConversation,
  setMessageFeedback,
} from './conversations.service';
import { switchVersion } from './message-versions.service';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };
const ZConversationParams = z.object({ pk: z.uuid() });

/** The user's conversations and their messages; every query is scoped to the actor. */
export function conversationRoutes(deps: {
  db: Database;
  storage: FileStorage;
  unlockedKeys: UnlockedKeys;
}) {
  const { db, storage, unlockedKeys } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['conversations'];

    r.post(
      '/conversation/create',
      {
        schema: {
          tags,
          summary: 'Start a conversation; without a name the first question names it',
          body: ZConversationCreateRequest,
          response: { 201: ZConversation, ...errors },
        },
      },
      async (request, reply) => {
        const conversation = await createConversation({
          db,
          unlockedKeys,
          actor: requireActor(request),
          data: request.body,
        });
        return reply.status(201).send(conversation);
      },
    );

    r.get(
      '/conversation/list',
      {
        schema: {
          tags,
          summary: 'Conversations, newest activity first',
          description: 'Pass `next_cursor` of a page as `cursor` for the next one.',
          querystring: z.object({
            cursor: z.string().max(200).optional(),
            limit: z.coerce.number().int().min(1).max(100).default(CONVERSATION_PAGE_SIZE),
          }),
          response: { 200: ZConversationPage, ...errors },
        },
      },
      async (request) =>
        listConversations({
          db,
          unlockedKeys,
          actor: requireActor(request),
          cursor: request.query.cursor,
          limit: request.query.limit,
        }),
    );

    r.get(
      '/conversation/get/:pk',
      {
        schema: {
          tags,
          summary: 'One conversation',
          params: ZConversationParams,
          response: { 200: ZConversation, ...errors },
        },
      },
      async (request) =>
        getConversation({
          db,
          unlockedKeys,
          actor: requireActor(request),
          conversationId: request.params.pk,
        }),
    );

    r.get(
      '/conversation/messages/:pk',
      {
        schema: {
          tags,
          summary: 'A page of messages, oldest first',
          description:
            'Without a key, the newest `limit` messages. `before_seq` gives the page before ' +
            'it (pass the first item’s `seq`), `after_seq` the page after it (pass the last ' +
            'item’s `seq`), and `around_seq` the page holding that message, about half of ' +
            'it older, so a search hit opens at any depth. At most one key is given.',
          params: ZConversationParams,
          querystring: ZMessagePageQuery,
          response: { 200: ZMessagePage, ...errors },
        },
      },
      async (request) =>
        listMessages({
          db,
          unlockedKeys,
          actor: requireActor(request),
          conversationId: request.params.pk,
          query: request.query,
        }),
    );

    r.post(
      '/conversation/switch-version/:pk',
      {
        schema: {
          tags,
          summary: 'Show another version of a message, and the newest branch after it',
          description:
            'A message’s versions are the answers written again for one question, or the ' +
            'questions edited in one place (`version` of `versions` on each message). The ' +
            'chosen version is shown with the newest version of each step after it; the ' +
            'latest page of that branch is answered. 409 conversation_busy while an answer ' +
            'is being written.',
          params: ZConversationParams,
          body: ZSwitchVersionRequest,
          response: { 200: ZMessagePage, ...errors, 409: ZErrorResponse },
        },
      },
      async (request) =>
        switchVersion({
          db,
          unlockedKeys,
          actor: requireActor(request),
          conversationId: request.params.pk,
          request: request.body,
          whileIdle: (conversationId, change) => app.chat.whileIdle(conversationId, change),
          announce: (conversationId, shownPk) =>
            app.chat.publish(conversationId, {
              type: 'conversation.branch_changed',
              conversation_pk: conversationId,
              message_pk: shownPk,
            }),
        }),
    );

    r.put(
      '/conversation/rename/:pk',
      {
        schema: {
          tags,
          summary: 'Rename a conversation; the first question no longer names it',
          params: ZConversationParams,
          body: ZConversationRenameRequest,
          response: { 200: ZConversation, ...errors },
        },
      },
      async (request) =>
        renameConversation({
          db,
          unlockedKeys,
          actor: requireActor(request),
          conversationId: request.params.pk,
          data: request.body,
        }),
    );

    r.delete(
      '/conversation/delete/:pk',
      {
        schema: {
          tags,
          summary: 'Delete a conversation with its messages and files (used tokens stay counted)',
          params: ZConversationParams,
          response: { 200: ZOkResponse, ...errors },
        },
      },
      async (request) => {
        await deleteConversation({
          db,
          storage,
          log: request.log,
          actor: requireActor(request),
          conversationId: request.params.pk,
        });
        return { status: 'ok' as const };
      },
    );

    r.get(
      '/conversation/search',
      {
        schema: {
          tags,
          summary: 'Search conversation names and messages',
          querystring: ZSearchQuery,
          response: { 200: ZSearchResult, ...errors },
        },
      },
      async (request) =>
        searchConversations({ db, actor: requireActor(request), data: request.query }),
    );

    r.post(
      '/message/feedback/:message_pk',
      {
        schema: {
          tags,
          summary: 'Rate a finished answer; a later rating replaces it',
          params: z.object({ message_pk: z.uuid() }),
          body: ZMessageFeedbackRequest,
          response: { 200: ZMessage, ...errors },
        },
      },
      async (request) =>
        setMessageFeedback({
          db,
          unlockedKeys,
          actor: requireActor(request),
          messageId: request.params.message_pk,
          data: request.body,
        }),
    );
  };
}
