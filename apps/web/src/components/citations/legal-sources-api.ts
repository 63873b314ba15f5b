import type { LegalSourcesCheckResponse } from '@themis/shared';
import { api } from '../../app/api/api';

const legalSourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A query, though sent as POST: the same sources are asked once and kept with the page.
    checkLegalSources: build.query<LegalSourcesCheckResponse, string[]>({
      query: (sources) => ({ url: '/legal-sources/check', method: 'POST', body: { sources } }),
    }),
  }),
});

export const { useCheckLegalSourcesQuery } = legalSourcesApi;
