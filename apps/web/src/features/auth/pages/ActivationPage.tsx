import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { CardPage } from '../../../components/CardPage';
import { ActivationForm } from '../components/ActivationForm';

/** /activation?email=: activation for someone who comes back later, e.g. from login. */
export function ActivationPage() {
  const { t } = useTranslation('auth');
  const email = useSearchParams()[0].get('email') ?? '';
  return (
    <CardPage title={t('activation.title')} description={t('activation.description')}>
      <ActivationForm email={email} emailKnown={false} testId="activation-form" />
      <Link component={RouterLink} to={paths.login} variant="body2" sx={{ alignSelf: 'center' }}>
        {t('activation.backToLogin')}
      </Link>
    </CardPage>
  );
}
