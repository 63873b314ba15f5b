import type {
  ChoosePlanResponse,
  PersonalDetailsRequest,
  Plan,
  UserResponse,
  ZChoosePlanRequest,
} from '@themis/shared';
import type { z } from 'zod';
import { api } from '../../app/api/api';
import { authApi } from '../auth/api';

export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<UserResponse, void>({
      query: () => '/user/get',
      providesTags: ['Me'],
    }),
    updatePersonalDetails: build.mutation<UserResponse, PersonalDetailsRequest>({
      query: (body) => ({ url: '/user/update', method: 'PUT', body }),
      invalidatesTags: ['Me'],
      // The guards read the session check: it must know at once that the details are set,
      // before its refetch (after the invalidation) answers.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => undefined);
        if (!result) return;
        dispatch(
          authApi.util.updateQueryData('verify', undefined, (user) => {
            user.has_personal_info_set = result.data.has_personal_info_set;
          }),
        );
      },
    }),
    listPlans: build.query<Plan[], void>({ query: () => '/plan/list' }),
    choosePlan: build.mutation<ChoosePlanResponse, z.infer<typeof ZChoosePlanRequest>>({
      query: (body) => ({ url: '/user/choose-plan', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const {
  useGetMeQuery,
  useUpdatePersonalDetailsMutation,
  useListPlansQuery,
  useChoosePlanMutation,
} = userApi;
