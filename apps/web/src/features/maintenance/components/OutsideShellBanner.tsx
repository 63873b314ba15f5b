import type { SxProps, Theme } from '@mui/material/styles';
import { useMatches } from 'react-router';
import { AnnouncedMaintenanceBanner } from './AnnouncedMaintenanceBanner';

/** As wide as the widest card, centred once the screen leaves room. */
const SPACING: SxProps<Theme> = { mt: 2, mx: { xs: 2, sm: 3, lg: 'auto' }, maxWidth: '60rem' };

/** Route handle of the shell, which shows the banner in its own column. */
export const SHOWS_OWN_BANNER = { showsMaintenanceBanner: true } as const;

/**
 * The scheduled-maintenance banner above the pages outside the shell (sign-in, registration,
 * reset, the legal pages...).
 */
export function OutsideShellBanner() {
  const inShell = useMatches().some(
    (match) => (match.handle as typeof SHOWS_OWN_BANNER | undefined)?.showsMaintenanceBanner,
  );
  return inShell ? null : <AnnouncedMaintenanceBanner sx={SPACING} />;
}
