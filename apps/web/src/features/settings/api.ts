import type {
  ChangePasswordRequest,
  ConnectedServiceList,
  DeleteAccountRequest,
  Session,
  ZAcceptedResponse,
  ZOkResponse,
  ZSendVerificationCodeRequest,
} from '@themis/shared';
import type { z } from 'zod';
import { api } from '../../app/api/api';

type AcceptedResponse = z.infer<typeof ZAcceptedResponse>;
type OkResponse = z.infer<typeof ZOkResponse>;
export type AccountCodeKind = z.infer<
  typeof ZSendVerificationCodeRequest
>['verification_code_type'];

const settingsApi = api.enhanceEndpoints({ addTagTypes: ['Sessions'] }).injectEndpoints({
  endpoints: (build) => ({
    listConnectedServices: build.query<ConnectedServiceList, void>({
      query: () => '/user/external-provider/list',
      providesTags: ['ExternalProviders'],
    }),
    revokeProvider: build.mutation<OkResponse, string>({
      query: (provider) => ({
        url: `/auth/revoke/${encodeURIComponent(provider.toLowerCase())}`,
        method: 'POST',
      }),
      invalidatesTags: ['ExternalProviders'],
    }),
    sendVerificationCode: build.mutation<AcceptedResponse, AccountCodeKind>({
      query: (kind) => ({
        url: '/user/send-verification-code',
        method: 'POST',
        body: { verification_code_type: kind },
      }),
    }),
    changePassword: build.mutation<OkResponse, ChangePasswordRequest>({
      query: (body) => ({ url: '/user/change-password', method: 'POST', body }),
      invalidatesTags: ['Me', 'ExternalProviders', 'Sessions'],
    }),
    deleteAccount: build.mutation<OkResponse, DeleteAccountRequest>({
      query: (body) => ({ url: '/user/delete', method: 'DELETE', body }),
    }),
    listSessions: build.query<Session[], void>({
      query: () => '/user/session/list',
      providesTags: ['Sessions'],
    }),
    signOutSession: build.mutation<OkResponse, string>({
      query: (pk) => ({ url: `/user/session/delete/${encodeURIComponent(pk)}`, method: 'DELETE' }),
      invalidatesTags: ['Sessions'],
    }),
    signOutOtherSessions: build.mutation<OkResponse, void>({
      query: () => ({ url: '/user/session/delete-others', method: 'POST' }),
      invalidatesTags: ['Sessions'],
    }),
  }),
});

export const {
  useListConnectedServicesQuery,
  useRevokeProviderMutation,
  useSendVerificationCodeMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useListSessionsQuery,
  useSignOutSessionMutation,
  useSignOutOtherSessionsMutation,
} = settingsApi;
