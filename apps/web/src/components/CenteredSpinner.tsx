import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Full-height loading indicator shown while a page or the app status loads. */
export function CenteredSpinner() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        flex: 1,
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '100dvh',
      }}
    >
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
