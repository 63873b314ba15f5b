import EngineeringOutlinedIcon from '@mui/icons-material/EngineeringOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MaintenanceStatusResponse } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/dates';
import { useLanguage } from '../../../app/use-language';
import { ContactMailbox } from '../../../components/ContactMailbox';
import { FullPageMessage } from '../../../components/FullPageMessage';
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
    <FullPageMessage
      testId="maintenance-page"
      icon={<EngineeringOutlinedIcon />}
      title={t('page.title')}
      description={t('page.description')}
      actions={
        <Button variant="contained" onClick={onCheckAgain} disabled={checking}>
          {t('page.checkAgain')}
        </Button>
      }
      footer={<LanguageButtons />}
    >
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
      <ContactMailbox prompt={t('page.contact')} />
    </FullPageMessage>
  );
}
