import { createApi } from '@reduxjs/toolkit/query/react';
import { reportError } from '../reporting';
import { runtimeConfig } from '../runtime-config';
import { createSessionBaseQuery } from './base-query';

const baseQuery = createSessionBaseQuery({ config: runtimeConfig(), report: reportError });

/** One token refresh at a time for the whole tab, API calls and WebSocket alike. */
export const refreshSession = baseQuery.refreshSession;

/** The one API slice; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Me',
    'ExternalProviders',
    'Conversations',
    'MaintenanceStatus',
    'Organization',
    'Invitations',
    'Members',
    'OrganizationInvitations',
    'Models',
    'SharedLinks',
  ],
  endpoints: () => ({}),
});
