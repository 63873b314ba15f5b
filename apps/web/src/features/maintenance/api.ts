import type { MaintenanceStatusResponse } from '@themis/shared';
import { api } from '../../app/api/api';

// The server checks every response against the shared schema before sending it, so the
// first page does not load a validator to check it again.

/** A hung status call must not keep the app behind a spinner; on timeout the app renders. */
const MAINTENANCE_STATUS_TIMEOUT_MS = 10_000;

export const maintenanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMaintenanceStatus: build.query<MaintenanceStatusResponse, void>({
      query: () => ({ url: '/maintenance/status', timeout: MAINTENANCE_STATUS_TIMEOUT_MS }),
      providesTags: ['MaintenanceStatus'],
    }),
  }),
});
