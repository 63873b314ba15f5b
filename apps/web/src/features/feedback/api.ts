import type { FeedbackRequest } from '@themis/shared';
import { api } from '../../app/api/api';

const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    createFeedback: build.mutation<{ pk: string }, FeedbackRequest>({
      query: (body) => ({ url: '/feedback/create', method: 'POST', body }),
    }),
  }),
});

export const { useCreateFeedbackMutation } = feedbackApi;
