import { SIGN_IN_PROVIDERS, type SignInProvider } from '@themis/shared';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { NotFoundPage } from '../../errors';
import { providerLoginUrl } from '../provider-login';

const isProvider = (value: string | undefined): value is SignInProvider =>
  (SIGN_IN_PROVIDERS as readonly string[]).includes(value ?? '');

/** /auth/login/{provider}: hands the browser to the provider's sign-in on the server. */
export function ProviderLoginPage() {
  const { provider } = useParams();
  const [params] = useSearchParams();
  const url = isProvider(provider) ? providerLoginUrl(provider, params.get('from')) : '';
  useEffect(() => {
    if (url) window.location.replace(url);
  }, [url]);
  return url ? <CenteredSpinner /> : <NotFoundPage />;
}
