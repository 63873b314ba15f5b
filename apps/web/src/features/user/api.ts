import type {
  PersonalDetailsRequest,
  Plan,
  SetPasswordRequest,
  UserResponse,
} from '@themis/shared';
import { api } from '../../app/api/api';
import type { PictureValue } from '../../components/ProfilePicturePicker';
import { authApi } from '../auth/api';

export interface AccountUpdate {
  details: PersonalDetailsRequest;
  picture: PictureValue;
}

/** The multipart payload of spec §3: the text fields, plus `avatar` unless unchanged. */
function accountUpdateForm({ details, picture }: AccountUpdate): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(details)) {
    if (value !== undefined) form.append(key, value);
  }
  if (picture.kind === 'picked') form.append('avatar', picture.image.file);
  if (picture.kind === 'removed') form.append('avatar', '');
  return form;
}

export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<UserResponse, void>({
      query: () => '/user/get',
      providesTags: ['Me'],
    }),
    updateAccount: build.mutation<UserResponse, AccountUpdate>({
      query: (update) => ({ url: '/user/update', method: 'PUT', body: accountUpdateForm(update) }),
      invalidatesTags: ['Me'],
      // The guards read the session check: it must know at once that the details are set,
      // before its refetch (after the invalidation) answers.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => undefined);
        if (!result) return;
        dispatch(userApi.util.upsertQueryData('getMe', undefined, result.data));
        dispatch(
          authApi.util.updateQueryData('verify', undefined, (user) => {
            user.has_personal_info_set = result.data.has_personal_info_set;
          }),
        );
      },
    }),
    setPassword: build.mutation<UserResponse, SetPasswordRequest>({
      query: (body) => ({ url: '/user/set-password', method: 'POST', body }),
      invalidatesTags: ['Me', 'ExternalProviders'],
    }),
    listPlans: build.query<Plan[], void>({ query: () => '/plan/list' }),
  }),
});

export const {
  useGetMeQuery,
  useUpdateAccountMutation,
  useSetPasswordMutation,
  useListPlansQuery,
} = userApi;
