import type {
  ActivateRequest,
  AuthUser,
  LoginConfirmRequest,
  LoginRequest,
  LoginResponse,
  PasswordResetConfirmRequest,
  RegisterRequest,
  ZAcceptedResponse,
  ZEmailResponse,
  ZLoginResendRequest,
  ZOkResponse,
  ZPasswordResetRequest,
  ZResendActivationRequest,
} from '@themis/shared';
import type { z } from 'zod';
import { api } from '../../app/api/api';
import { rememberSession } from '../../app/session';

// Type-only imports: the schemas themselves stay out of the guards' chunk.
type AcceptedResponse = z.infer<typeof ZAcceptedResponse>;
type OkResponse = z.infer<typeof ZOkResponse>;
export type AuthenticatedResponse = Extract<LoginResponse, { status: 'authenticated' }>;

const post = (url: string, body: unknown) => ({ url, method: 'POST', body });

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The session check of the access guards, which handle a refused session themselves. */
    verify: build.query<AuthUser, void>({
      query: () => '/auth/verify',
      providesTags: ['Me'],
      extraOptions: { loginRedirect: false },
    }),
    register: build.mutation<z.infer<typeof ZEmailResponse>, RegisterRequest>({
      query: (body) => post('/auth/register', body),
    }),
    activate: build.mutation<AuthenticatedResponse, ActivateRequest>({
      query: (body) => post('/auth/activate', body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const user = await signedInUser(queryFulfilled);
        if (user) dispatch(authApi.util.upsertQueryData('verify', undefined, user));
      },
    }),
    resendActivation: build.mutation<AcceptedResponse, z.infer<typeof ZResendActivationRequest>>({
      query: (body) => post('/auth/activation/resend', body),
    }),
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => post('/auth/login', body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const user = await signedInUser(queryFulfilled);
        if (user) dispatch(authApi.util.upsertQueryData('verify', undefined, user));
      },
    }),
    confirmLogin: build.mutation<AuthenticatedResponse, LoginConfirmRequest>({
      query: (body) => post('/auth/login/confirm', body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const user = await signedInUser(queryFulfilled);
        if (user) dispatch(authApi.util.upsertQueryData('verify', undefined, user));
      },
    }),
    resendLoginCode: build.mutation<AcceptedResponse, z.infer<typeof ZLoginResendRequest>>({
      query: (body) => post('/auth/login/resend', body),
    }),
    requestPasswordReset: build.mutation<AcceptedResponse, z.infer<typeof ZPasswordResetRequest>>({
      query: (body) => post('/auth/password-reset/request', body),
    }),
    verifyResetToken: build.query<OkResponse, string>({
      query: (token) => `/auth/password-reset/verify/${encodeURIComponent(token)}`,
    }),
    confirmPasswordReset: build.mutation<OkResponse, PasswordResetConfirmRequest>({
      query: (body) => post('/auth/password-reset/confirm', body),
    }),
  }),
});

/**
 * The user a call signed in. The calls that sign in store it as the session check's answer,
 * so the guards need not ask the server again.
 */
async function signedInUser(
  queryFulfilled: Promise<{ data: LoginResponse }>,
): Promise<AuthUser | undefined> {
  const result = await queryFulfilled.catch(() => undefined);
  if (result?.data.status !== 'authenticated') return undefined;
  rememberSession(true);
  return result.data.user;
}

export const {
  useVerifyQuery,
  useRegisterMutation,
  useActivateMutation,
  useResendActivationMutation,
  useLoginMutation,
  useConfirmLoginMutation,
  useResendLoginCodeMutation,
  useRequestPasswordResetMutation,
  useVerifyResetTokenQuery,
  useConfirmPasswordResetMutation,
} = authApi;
