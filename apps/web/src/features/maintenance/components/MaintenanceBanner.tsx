import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/dates';
import { useLanguage } from '../../../app/use-language';
import { useMaintenanceStatus } from '../use-maintenance-status';
import { readDismissedWindow, saveDismissedWindow, scheduledWindow } from '../maintenance-window';

const SHELL_SPACING: SxProps<Theme> = { mx: 2, mt: 2 };

/** Announces the next scheduled maintenance window until the user dismisses it. */
export function MaintenanceBanner({ sx = SHELL_SPACING }: { sx?: SxProps<Theme> }) {
  const { t } = useTranslation('maintenance');
  const { language } = useLanguage();
  const { data, fulfilledTimeStamp } = useMaintenanceStatus();
  const [dismissedKey, setDismissedKey] = useState(readDismissedWindow);

  const upcoming = scheduledWindow(data, fulfilledTimeStamp ?? 0);
  if (!data || !upcoming || upcoming.key === dismissedKey) return null;

  const dateOptions = { withTime: true, language };
  const start = formatDate(upcoming.start, 'EU', dateOptions);
  const end = upcoming.end && formatDate(upcoming.end, 'EU', dateOptions);
  const message = data.message[language].trim();

  const dismiss = () => {
    saveDismissedWindow(upcoming.key);
    setDismissedKey(upcoming.key);
  };

  return (
    <Alert
      severity="info"
      role="status"
      data-testid="maintenance-banner"
      sx={sx}
      action={
        <IconButton
          aria-label={t('banner.dismiss')}
          data-testid="maintenance-banner-dismiss"
          color="inherit"
          size="small"
          onClick={dismiss}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    >
      <AlertTitle>{t('banner.title')}</AlertTitle>
      {end ? t('banner.window', { start, end }) : t('banner.start', { start })}
      {message && (
        <Box component="p" sx={{ m: 0, mt: 0.5, whiteSpace: 'pre-line' }}>
          {message}
        </Box>
      )}
    </Alert>
  );
}
