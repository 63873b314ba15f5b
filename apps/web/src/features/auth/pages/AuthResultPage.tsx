import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import Button from '@mui/material/Button';
import { isErrorCode } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { FullPageMessage } from '../../../components/FullPageMessage';
import { LanguageButtons } from '../../../components/LanguageButtons';
import { useVerifyQuery } from '../api';
import { safeRedirectPath } from '../redirect';

/** /auth/success: the provider signed the user in; on to `from`, through the guards. */
export function AuthSuccessPage() {
  const [params] = useSearchParams();
  const session = useVerifyQuery();
  if (session.data) return <Navigate to={safeRedirectPath(params.get('from'))} replace />;
  if (session.isError) return <AuthFailurePage />;
  return <CenteredSpinner />;
}

/** /auth/failure: the provider's sign-in did not complete; `reason` may name an error code. */
export function AuthFailurePage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const reason = params.get('reason');
  return (
    <FullPageMessage
      testId="auth-failure"
      icon={<ErrorOutlinedIcon />}
      title={t('providerResult.failureTitle')}
      description={
        isErrorCode(reason) && reason !== 'internal_error'
          ? t(`errors:codes.${reason}`)
          : t('providerResult.failureDescription')
      }
      actions={
        <Button variant="contained" component={RouterLink} to={paths.login}>
          {t('providerResult.backToLogin')}
        </Button>
      }
      footer={<LanguageButtons />}
    />
  );
}

/** /auth/cancel: the user stopped at the provider; nothing changed. */
export function AuthCancelPage() {
  const { t } = useTranslation('auth');
  return (
    <FullPageMessage
      testId="auth-cancel"
      icon={<UndoIcon />}
      title={t('providerResult.cancelTitle')}
      description={t('providerResult.cancelDescription')}
      actions={
        <Button variant="contained" component={RouterLink} to={paths.login}>
          {t('providerResult.backToLogin')}
        </Button>
      }
      footer={<LanguageButtons />}
    />
  );
}
