import EngineeringOutlinedIcon from '@mui/icons-material/EngineeringOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MaintenanceStatusResponse } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/dates';
import { useLanguage } from '../../../app/use-language';
import { LanguageButtons } from '../../../components/LanguageButtons';

export interface MaintenancePageProps {
  status: MaintenanceStatusResponse;
  onCheckAgain: () => void;
  checking: boolean;
}

/** Shown instead of every route while a maintenance window is on. */
export function MaintenancePage({ status, onCheckAgain, checking }: MaintenancePageProps) {
  const { t } = useTranslation('maintenance');
  const { language } = useLanguage();
  const message = status.message[language].trim();
  const end = status.maintenance_end_time;

  return (
    <Box
      component="main"
      data-testid="maintenance-page"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 3,
        py: 6,
      }}
    >
      <Stack spacing={3} sx={{ maxWidth: '36rem', alignItems: 'center', textAlign: 'center' }}>
        <EngineeringOutlinedIcon aria-hidden sx={{ fontSize: '3.5rem', color: 'secondary.main' }} />
        <Typography component="h1" variant="h4">
          {t('page.title')}
        </Typography>
        <Typography color="text.secondary">{t('page.description')}</Typography>
        {end && (
          <Typography sx={{ fontWeight: 600 }}>
            {t('page.until', { time: formatDate(end, 'EU', { withTime: true, language }) })}
          </Typography>
        )}
        {message && (
          <Paper variant="outlined" sx={{ px: 3, py: 2, width: '100%' }}>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{message}</Typography>
          </Paper>
        )}
        <Button variant="contained" onClick={onCheckAgain} disabled={checking}>
          {t('page.checkAgain')}
        </Button>
        <LanguageButtons />
      </Stack>
    </Box>
  );
}
