import { createApi } from '@reduxjs/toolkit/query/react';
import { reportError } from '../reporting';
import { runtimeConfig } from '../runtime-config';
import { createSessionBaseQuery } from './base-query';

/** The one API slice; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createSessionBaseQuery({ config: runtimeConfig(), report: reportError }),
  tagTypes: ['Me', 'ExternalProviders', 'Conversations', 'MaintenanceStatus'],
  endpoints: () => ({}),
});
