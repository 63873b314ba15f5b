import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { CardPage } from '../../../components/CardPage';
import { ActivationForm } from '../components/ActivationForm';

/** /register/confirmation?email=: the code e-mailed right after registration. */
export function RegisterConfirmationPage() {
  const { t } = useTranslation('auth');
  const email = useSearchParams()[0].get('email');
  // Without the address the general activation page asks for it.
  if (!email) return <Navigate to={paths.activation} replace />;
  return (
    <CardPage
      title={t('confirmation.title')}
      description={`${t('confirmation.description', { email })} ${t('confirmation.alreadyRegistered')}`}
    >
      <ActivationForm email={email} emailKnown testId="confirmation-form" />
    </CardPage>
  );
}
