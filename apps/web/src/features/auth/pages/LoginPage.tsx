import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../app/toast';
import { CardPage } from '../../../components/CardPage';
import { LoginCodeForm } from '../components/LoginCodeForm';
import { LoginCredentialsForm } from '../components/LoginCredentialsForm';
import { isInvitationPath } from '../pending-destination';
import { takeDisconnectedProvider } from '../provider-login';

interface Challenge {
  token: string;
  email: string;
}

/** /login: e-mail and password, then a code when the device is not trusted yet. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [challenge, setChallenge] = useState<Challenge>();
  const [attemptExpired, setAttemptExpired] = useState(false);
  const toast = useToast();
  // Arriving from an invitation's link: the headline says what signing in is for.
  const invited = isInvitationPath(useSearchParams()[0].get('from'));

  // After disconnecting a provider the browser logged out and lands here: say it worked.
  useEffect(() => {
    const provider = takeDisconnectedProvider();
    if (provider === 'google') {
      void toast.show(t('login.disconnected', { provider: 'Google' }), { variant: 'success' });
    }
  }, [toast, t]);

  if (challenge) {
    return (
      <CardPage
        title={t('loginCode.title')}
        description={t('loginCode.description', { email: challenge.email })}
      >
        <LoginCodeForm
          challengeToken={challenge.token}
          onBack={() => setChallenge(undefined)}
          onExpired={() => {
            setChallenge(undefined);
            setAttemptExpired(true);
          }}
        />
      </CardPage>
    );
  }

  return (
    <CardPage
      title={t(invited ? 'login.invitationTitle' : 'login.title')}
      description={t(invited ? 'login.invitationDescription' : 'login.description')}
    >
      <LoginCredentialsForm
        defaultEmail={email}
        notice={attemptExpired ? t('login.attemptExpired') : undefined}
        onCodeRequired={(next) => {
          setEmail(next.email);
          setAttemptExpired(false);
          setChallenge(next);
        }}
      />
    </CardPage>
  );
}
