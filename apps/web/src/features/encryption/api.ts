import type {
  EncryptedCountQuery,
  CreateEncryptionSecretsRequest,
  EncryptedConversationsAction,
  EncryptionStatus,
  UnlockDecryptionRequest,
} from '@themis/shared';
import { api } from '../../app/api/api';
import type { AppDispatch } from '../../app/store';
import { userApi } from '../user/api';
import { announceLocked, announceUnlocked } from './unlock-broadcast';

/**
 * Every call answers the new status: it goes into Me at once, so the dialogs, the switch and
 * the progress polling see it before Me is fetched again after the invalidation.
 */
async function keepStatus(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: AppDispatch; queryFulfilled: Promise<{ data: EncryptionStatus }> },
) {
  const result = await queryFulfilled.catch(() => undefined);
  if (!result) return;
  dispatch(
    userApi.util.updateQueryData('getMe', undefined, (me) => {
      me.encryption = result.data;
    }),
  );
}

/** The session is unlocked now: the other tabs are told as well. */
async function keepUnlockedStatus(arg: unknown, lifecycle: Parameters<typeof keepStatus>[1]) {
  await keepStatus(arg, lifecycle);
  const result = await lifecycle.queryFulfilled.catch(() => undefined);
  if (result?.data.is_decryption_unlocked) announceUnlocked();
}

/** The session is locked again: the other tabs are told as well. */
async function keepLockedStatus(arg: unknown, lifecycle: Parameters<typeof keepStatus>[1]) {
  await keepStatus(arg, lifecycle);
  const result = await lifecycle.queryFulfilled.catch(() => undefined);
  if (result && !result.data.is_decryption_unlocked) announceLocked();
}

const encryptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The first credential makes the key; a new one replaces it once unlocked. */
    createEncryptionSecrets: build.mutation<EncryptionStatus, CreateEncryptionSecretsRequest>({
      query: (body) => ({ url: '/user/create-encryption-secrets', method: 'POST', body }),
      invalidatesTags: ['Me'],
      onQueryStarted: keepUnlockedStatus,
    }),
    unlockDecryption: build.mutation<EncryptionStatus, UnlockDecryptionRequest>({
      query: (body) => ({ url: '/user/unlock-decryption', method: 'POST', body }),
      // The locked conversations get their names back.
      invalidatesTags: ['Me', 'Conversations'],
      onQueryStarted: keepUnlockedStatus,
    }),
    /** Forgets the data key this session holds, in every tab of it. */
    lockDecryption: build.mutation<EncryptionStatus, void>({
      query: () => ({ url: '/user/lock-decryption', method: 'POST' }),
      invalidatesTags: ['Me', 'Conversations'],
      onQueryStarted: keepLockedStatus,
    }),
    enableEncryption: build.mutation<EncryptionStatus, void>({
      query: () => ({ url: '/user/enable-encryption', method: 'POST' }),
      // A job that was quick may have changed them already: the status then shows nothing.
      invalidatesTags: ['Me', 'Conversations'],
      onQueryStarted: keepStatus,
    }),
    disableEncryption: build.mutation<EncryptionStatus, EncryptedConversationsAction>({
      query: (action) => ({
        url: '/user/disable-encryption',
        method: 'POST',
        body: { encrypted_conversations_action: action },
      }),
      invalidatesTags: ['Me', 'Conversations'],
      onQueryStarted: keepStatus,
    }),
    /** What a DELETE in a scope would remove, for its confirmation. */
    countEncryptedConversations: build.query<{ count: number }, EncryptedCountQuery>({
      query: (params) => ({ url: '/user/encrypted-conversations/count', params }),
      keepUnusedDataFor: 0,
    }),
    /** Removes the PIN or password; the encrypted conversations of every context go with it. */
    deleteEncryptionSecrets: build.mutation<EncryptionStatus, EncryptedConversationsAction>({
      query: (action) => ({
        url: '/user/delete-encryption-secrets',
        method: 'DELETE',
        params: { encrypted_conversations_action: action },
      }),
      // It reaches every context, the memberships included.
      invalidatesTags: ['Me', 'Conversations', 'Organization'],
      onQueryStarted: keepStatus,
    }),
  }),
});

export const {
  useCreateEncryptionSecretsMutation,
  useUnlockDecryptionMutation,
  useLockDecryptionMutation,
  useEnableEncryptionMutation,
  useDisableEncryptionMutation,
  useDeleteEncryptionSecretsMutation,
  useCountEncryptedConversationsQuery,
} = encryptionApi;
