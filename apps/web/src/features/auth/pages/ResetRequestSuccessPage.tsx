import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { CardPage } from '../../../components/CardPage';
import type { ResetRequestSuccessState } from './ResetRequestPage';

function emailFrom(state: unknown): string | undefined {
  const email = (state as Partial<ResetRequestSuccessState> | null)?.email;
  return typeof email === 'string' ? email : undefined;
}

/** /send-reset-password-link/success: the same answer whether the account exists or not. */
export function ResetRequestSuccessPage() {
  const { t } = useTranslation('auth');
  const email = emailFrom(useLocation().state);
  return (
    <CardPage
      testId="reset-request-success"
      icon={<MarkEmailReadOutlinedIcon />}
      title={t('resetRequestSuccess.title')}
      description={
        email
          ? t('resetRequestSuccess.description', { email })
          : t('resetRequestSuccess.descriptionWithoutEmail')
      }
    >
      <Button component={RouterLink} to={paths.login} variant="outlined" size="large">
        {t('resetRequestSuccess.backToLogin')}
      </Button>
    </CardPage>
  );
}
