import {
  CONVERSATION_PAGE_SIZE,
  MESSAGE_PAGE_SIZE,
  type Attachment,
  type Conversation,
  type ConversationPage,
  type MessageFeedbackRequest,
  type MessagePage,
  type ModelInfo,
  type SwitchVersionRequest,
  type UsageResponse,
  type ZSearchResult,
} from '@themis/shared';
import type { z } from 'zod';
import { api } from '../../app/api/api';

type SearchResult = z.infer<typeof ZSearchResult>;

const pk = (value: string) => encodeURIComponent(value);

/** At most one key: see ZMessagePageQuery. */
export interface MessagePageArgs {
  pk: string;
  beforeSeq?: number;
  afterSeq?: number;
  aroundSeq?: number;
}

export const chatApi = api.enhanceEndpoints({ addTagTypes: ['Usage'] }).injectEndpoints({
  endpoints: (build) => ({
    listConversations: build.infiniteQuery<ConversationPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next_cursor,
      },
      query: ({ pageParam }) => ({
        url: '/conversation/list',
        params: {
          limit: CONVERSATION_PAGE_SIZE,
          ...(pageParam !== null && { cursor: pageParam }),
        },
      }),
      providesTags: ['Conversations'],
    }),
    createConversation: build.mutation<Conversation, void>({
      query: () => ({ url: '/conversation/create', method: 'POST', body: {} }),
      invalidatesTags: ['Conversations'],
    }),
    renameConversation: build.mutation<Conversation, { pk: string; name: string }>({
      query: ({ pk: id, name }) => ({
        url: `/conversation/rename/${pk(id)}`,
        method: 'PUT',
        body: { name },
      }),
      invalidatesTags: ['Conversations'],
    }),
    deleteConversation: build.mutation<unknown, string>({
      query: (id) => ({ url: `/conversation/delete/${pk(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Conversations', 'Usage'],
    }),
    searchConversations: build.query<SearchResult, string>({
      query: (q) => ({ url: '/conversation/search', params: { q, limit: 20 } }),
    }),
    /** The latest page, or the one before `beforeSeq`, after `afterSeq` or around `aroundSeq`. */
    listMessages: build.query<MessagePage, MessagePageArgs>({
      query: ({ pk: id, beforeSeq, afterSeq, aroundSeq }) => ({
        url: `/conversation/messages/${pk(id)}`,
        params: {
          limit: MESSAGE_PAGE_SIZE,
          ...(beforeSeq !== undefined && { before_seq: beforeSeq }),
          ...(afterSeq !== undefined && { after_seq: afterSeq }),
          ...(aroundSeq !== undefined && { around_seq: aroundSeq }),
        },
      }),
      // Pages are copied into the chat store, which also applies the live frames.
      keepUnusedDataFor: 0,
    }),
    /** Shows another version of a message; answers the latest page of the branch shown. */
    switchVersion: build.mutation<
      MessagePage,
      { conversationPk: string; body: SwitchVersionRequest }
    >({
      query: ({ conversationPk, body }) => ({
        url: `/conversation/switch-version/${pk(conversationPk)}`,
        method: 'POST',
        body,
      }),
    }),
    sendFeedback: build.mutation<unknown, { messagePk: string; body: MessageFeedbackRequest }>({
      query: ({ messagePk, body }) => ({
        url: `/message/feedback/${pk(messagePk)}`,
        method: 'POST',
        body,
      }),
    }),
    currentUsage: build.query<UsageResponse, void>({
      query: () => '/usage/current',
      providesTags: ['Usage'],
    }),
    listModels: build.query<ModelInfo[], void>({
      query: () => '/model/list',
      providesTags: ['Models'],
    }),
    uploadAttachment: build.mutation<Attachment, { conversationPk: string; file: File }>({
      query: ({ conversationPk, file }) => {
        const body = new FormData();
        body.append('file', file);
        return {
          url: `/conversation/attachment/upload/${pk(conversationPk)}`,
          method: 'POST',
          body,
        };
      },
    }),
    deleteAttachment: build.mutation<unknown, string>({
      query: (id) => ({ url: `/conversation/attachment/delete/${pk(id)}`, method: 'DELETE' }),
    }),
  }),
});

export const {
  useListConversationsInfiniteQuery,
  useCreateConversationMutation,
  useRenameConversationMutation,
  useDeleteConversationMutation,
  useLazySearchConversationsQuery,
  useLazyListMessagesQuery,
  useSendFeedbackMutation,
  useSwitchVersionMutation,
  useCurrentUsageQuery,
  useListModelsQuery,
  useUploadAttachmentMutation,
  useDeleteAttachmentMutation,
} = chatApi;
