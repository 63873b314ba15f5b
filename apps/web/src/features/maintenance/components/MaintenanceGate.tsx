import { lazy, Suspense, type ReactNode } from 'react';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { useMaintenanceStatus } from '../use-maintenance-status';

const MaintenancePage = lazy(() =>
  import('../pages/MaintenancePage').then((module) => ({ default: module.MaintenancePage })),
);

/**
 * Renders the maintenance page instead of the app while a window is on. A failed status
 * call never blocks the app.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { data, error, isLoading, isError, isFetching, refetch, waiting } = useMaintenanceStatus();
  // Only the very first answer is awaited; a refetch after an error keeps the app mounted.
  if (waiting || (isLoading && !error)) return <CenteredSpinner />;
  if (data?.is_during_maintenance && !isError) {
    return (
      <Suspense fallback={<CenteredSpinner />}>
        <MaintenancePage status={data} onCheckAgain={() => void refetch()} checking={isFetching} />
      </Suspense>
    );
  }
  return children;
}
