import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginRedirectUrl } from '../../../app/api/base-query';
import { errorMessageKey } from '../../../app/api/error-message';
import { paths } from '../../../app/paths';
import { useSignedIn } from '../../../app/session-bootstrap-query';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { FullPageMessage } from '../../../components/FullPageMessage';
import { LanguageButtons } from '../../../components/LanguageButtons';
import { useVerifyQuery } from '../api';
import { rememberDestination } from '../pending-destination';

export interface RequireAuthProps {
  /** The questionnaire itself needs a session but not the personal details. */
  personalInfo?: 'required' | 'optional';
}

/** Renders its routes for a signed-in user; sends others to login, back here afterwards. */
export function RequireAuth({ personalInfo = 'required' }: RequireAuthProps) {
  const { t } = useTranslation('auth');
  const { pathname, search } = useLocation();
  // The session bootstrap fills the session check's cache, so it is not asked again; it is
  // fetched on its own when its tags are invalidated (the user's details changed).
  const { bootstrap, signedIn } = useSignedIn();
  const verify = useVerifyQuery(undefined, { skip: !signedIn });
  const { data: user, isLoading, isFetching } = verify;
  const error = verify.error ?? bootstrap.error;
  const refetch = signedIn ? verify.refetch : bootstrap.refetch;

  // Checked before the cached user: a session refused later (revoked, expired) wins.
  // Both calls come after the token refresh of the base query, so a 401 is final.
  if (error && 'status' in error && error.status === 401) {
    return <Navigate to={loginRedirectUrl(pathname + search)} replace />;
  }
  if (bootstrap.isLoading) return <CenteredSpinner />;
  if (bootstrap.isSuccess && !signedIn) {
    return <Navigate to={loginRedirectUrl(pathname + search)} replace />;
  }
  if (user) {
    if (personalInfo === 'required' && !user.has_personal_info_set) {
      // An invitation or shared link opened before the questionnaire opens after it.
      rememberDestination(pathname + search);
      return <Navigate to={paths.questionnaire} replace />;
    }
    return <Outlet />;
  }
  if (isLoading) return <CenteredSpinner />;
  return (
    <FullPageMessage
      testId="session-check-error"
      icon={<CloudOffOutlinedIcon />}
      title={t('sessionCheck.title')}
      description={t(errorMessageKey(error))}
      actions={
        <Button
          variant="contained"
          onClick={() => void refetch()}
          loading={isFetching || bootstrap.isFetching}
        >
          {t('sessionCheck.retry')}
        </Button>
      }
      footer={<LanguageButtons />}
    />
  );
}
