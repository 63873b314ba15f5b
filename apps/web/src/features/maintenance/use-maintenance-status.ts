import { MAINTENANCE_POLL_MS } from '@themis/shared';
import { useSessionBootstrapQuery } from '../../app/session-bootstrap-query';
import { maintenanceApi } from './api';

/**
 * The maintenance status, polled. It comes first with the session bootstrap, which fills its
 * cache; it is asked for on its own once that has answered, or failed (during maintenance
 * the bootstrap answers 503). `waiting` while the bootstrap has not answered yet.
 */
export function useMaintenanceStatus() {
  const bootstrap = useSessionBootstrapQuery();
  const status = maintenanceApi.useGetMaintenanceStatusQuery(undefined, {
    skip: bootstrap.isLoading,
    pollingInterval: MAINTENANCE_POLL_MS,
    refetchOnFocus: true,
    refetchOnReconnect: true,
  });
  return { ...status, waiting: bootstrap.isLoading };
}
