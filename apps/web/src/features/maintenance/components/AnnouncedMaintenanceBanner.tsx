import type { SxProps, Theme } from '@mui/material/styles';
import { lazy, Suspense, useState } from 'react';
import { useMaintenanceStatus } from '../use-maintenance-status';
import { readDismissedWindow, scheduledWindow } from '../maintenance-window';

const MaintenanceBanner = lazy(() =>
  import('./MaintenanceBanner').then((module) => ({ default: module.MaintenanceBanner })),
);

/**
 * The scheduled-maintenance banner, whose code (and the date formatting it needs) loads only
 * when a window is announced and not dismissed: most pages never download it.
 */
export function AnnouncedMaintenanceBanner({ sx }: { sx?: SxProps<Theme> }) {
  const { data, fulfilledTimeStamp } = useMaintenanceStatus();
  // Read once: the banner itself keeps track of a dismissal made while it is shown.
  const [dismissedKey] = useState(readDismissedWindow);
  const upcoming = scheduledWindow(data, fulfilledTimeStamp ?? 0);
  if (!upcoming || upcoming.key === dismissedKey) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceBanner sx={sx} />
    </Suspense>
  );
}
