import {
  MESSAGE_PAGE_SIZE,
  SHARE_LIST_PAGE_SIZE,
  type ShareContinueResponse,
  type ShareCreateRequest,
  type SharedConversation,
  type SharedLink,
  type SharedLinkPage,
  type SharedMessagePage,
} from '@themis/shared';
import { api } from '../../app/api/api';

const segment = (value: string) => encodeURIComponent(value);

const sharingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Shares the conversation as it is now; an existing link keeps its address. */
    shareConversation: build.mutation<
      SharedLink,
      { conversationPk: string; body: ShareCreateRequest }
    >({
      query: ({ conversationPk, body }) => ({
        url: `/conversation/share/create/${segment(conversationPk)}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['SharedLinks'],
    }),
    /** The conversation's link, active or expired; 404 when it has none. */
    getConversationLink: build.query<SharedLink, string>({
      query: (conversationPk) => ({
        url: '/conversation/share/access_token',
        params: { conversation_pk: conversationPk },
      }),
      providesTags: ['SharedLinks'],
    }),
    /** The current context's links, newest first; the disabled ones too when asked. */
    listSharedLinks: build.infiniteQuery<
      SharedLinkPage,
      { includeDisabled: boolean },
      string | null
    >({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next_cursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/conversation/share/list',
        params: {
          limit: SHARE_LIST_PAGE_SIZE,
          ...(pageParam !== null && { cursor: pageParam }),
          ...(queryArg.includeDisabled && { include_disabled: true }),
        },
      }),
      providesTags: ['SharedLinks'],
    }),
    disableSharedLink: build.mutation<unknown, string>({
      query: (pk) => ({ url: `/conversation/share/disable/${segment(pk)}`, method: 'POST' }),
      invalidatesTags: ['SharedLinks'],
    }),
    /** Opens a disabled link again, sharing the conversation as it is now. */
    enableSharedLink: build.mutation<SharedLink, { pk: string; body: ShareCreateRequest }>({
      query: ({ pk, body }) => ({
        url: `/conversation/share/enable/${segment(pk)}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['SharedLinks'],
    }),
    deleteSharedLink: build.mutation<unknown, string>({
      query: (pk) => ({ url: `/conversation/share/delete/${segment(pk)}`, method: 'DELETE' }),
      invalidatesTags: ['SharedLinks'],
    }),
    /** What a visitor may see of a link; 404 for any link that does not open. */
    verifySharedLink: build.query<SharedConversation, string>({
      query: (secret) => `/conversation/share/verify/${segment(secret)}`,
    }),
    /** The shared messages, oldest first; the next page starts after the last position. */
    listSharedMessages: build.infiniteQuery<SharedMessagePage, string, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (last) => (last.has_more ? last.items.at(-1)?.position : undefined),
      },
      query: ({ queryArg: secret, pageParam }) => ({
        url: `/conversation/share/list-messages/${segment(secret)}`,
        params: { after: pageParam, limit: MESSAGE_PAGE_SIZE },
      }),
    }),
    /** Copies the shared messages into a new conversation of the visitor's context. */
    continueSharedConversation: build.mutation<ShareContinueResponse, string>({
      query: (secret) => ({
        url: `/conversation/share/continue/${segment(secret)}`,
        method: 'POST',
      }),
      invalidatesTags: ['Conversations'],
    }),
  }),
});

export const {
  useShareConversationMutation,
  useGetConversationLinkQuery,
  useListSharedLinksInfiniteQuery,
  useDisableSharedLinkMutation,
  useEnableSharedLinkMutation,
  useDeleteSharedLinkMutation,
  useVerifySharedLinkQuery,
  useListSharedMessagesInfiniteQuery,
  useContinueSharedConversationMutation,
} = sharingApi;
