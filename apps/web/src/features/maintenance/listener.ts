import { createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import type { ErrorCode } from '@themis/shared';
import { api } from '../../app/api/api';
import { maintenanceApi } from './api';

const UNDER_MAINTENANCE: ErrorCode = 'service_under_maintenance';

function isUnderMaintenanceError(payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null || !('data' in payload)) return false;
  const { data } = payload;
  return typeof data === 'object' && data !== null && 'detail' in data
    ? data.detail === UNDER_MAINTENANCE
    : false;
}

/**
 * Any call answered with `service_under_maintenance` re-checks the status at once, so the
 * maintenance page appears without waiting for the next poll.
 */
export const maintenanceListener = createListenerMiddleware();

maintenanceListener.startListening({
  predicate: (action) =>
    isRejectedWithValue(action) &&
    !maintenanceApi.endpoints.getMaintenanceStatus.matchRejected(action) &&
    isUnderMaintenanceError(action.payload),
  effect: (_action, listenerApi) => {
    listenerApi.dispatch(api.util.invalidateTags(['MaintenanceStatus']));
  },
});
