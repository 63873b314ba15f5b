import type { SxProps, Theme } from '@mui/material/styles';
import { lazy, Suspense, useState } from 'react';
import { useMatches } from 'react-router';
import { useMaintenanceStatus } from '../use-maintenance-status';
import { readDismissedWindow, scheduledWindow } from '../maintenance-window';

const MaintenanceBanner = lazy(() =>
  import('./MaintenanceBanner').then((module) => ({ default: module.MaintenanceBanner })),
);

/** As wide as the widest card, centred once the screen leaves room. */
const SPACING: SxProps<Theme> = { mt: 2, mx: { xs: 2, sm: 3, lg: 'auto' }, maxWidth: '60rem' };

/** Route handle of the shell, which shows the banner in its own column. */
export const SHOWS_OWN_BANNER = { showsMaintenanceBanner: true } as const;

/**
 * The scheduled-maintenance banner above the pages outside the shell (sign-in, registration,
 * reset, the legal pages...). The banner's code loads only when a window is announced.
 */
export function OutsideShellBanner() {
  const inShell = useMatches().some(
    (match) => (match.handle as typeof SHOWS_OWN_BANNER | undefined)?.showsMaintenanceBanner,
  );
  const { data, fulfilledTimeStamp } = useMaintenanceStatus();
  // Read once: the banner itself keeps track of a dismissal made while it is shown.
  const [dismissedKey] = useState(readDismissedWindow);
  const upcoming = scheduledWindow(data, fulfilledTimeStamp ?? 0);
  if (inShell || !upcoming || upcoming.key === dismissedKey) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceBanner sx={SPACING} />
    </Suspense>
  );
}
