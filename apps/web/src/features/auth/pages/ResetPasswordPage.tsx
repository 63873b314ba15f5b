import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorCode } from '../../../app/api/error-message';
import { paths } from '../../../app/paths';
import { CardPage } from '../../../components/CardPage';
import { FormError } from '../../../components/form/FormError';
import { useVerifyResetTokenQuery } from '../api';
import { NewPasswordForm } from '../components/NewPasswordForm';

/** /reset-password/:token: checks the link first, then asks for the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const token = useParams().token ?? '';
  const check = useVerifyResetTokenQuery(token, { skip: !token });
  const [outcome, setOutcome] = useState<'done' | 'invalid'>();

  const code = errorCode(check.error);
  if (!token || outcome === 'invalid' || code === 'reset_link_invalid' || code === 'not_found') {
    return (
      <CardPage
        testId="reset-password-invalid"
        icon={<LinkOffOutlinedIcon />}
        title={t('resetPassword.invalidTitle')}
        description={t('resetPassword.invalidDescription')}
      >
        <Button component={RouterLink} to={paths.resetRequest} variant="contained" size="large">
          {t('resetPassword.requestNew')}
        </Button>
      </CardPage>
    );
  }
  if (outcome === 'done') {
    return (
      <CardPage
        testId="reset-password-done"
        icon={<LockResetOutlinedIcon />}
        title={t('resetPassword.doneTitle')}
        description={t('resetPassword.doneDescription')}
      >
        <Button component={RouterLink} to={paths.login} variant="contained" size="large">
          {t('resetPassword.login')}
        </Button>
      </CardPage>
    );
  }
  return (
    <CardPage title={t('resetPassword.title')} description={t('resetPassword.description')}>
      {check.isLoading && (
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('resetPassword.checking')}</Typography>
        </Stack>
      )}
      {check.isError && (
        <>
          <FormError error={check.error} />
          <Button
            variant="outlined"
            onClick={() => void check.refetch()}
            loading={check.isFetching}
          >
            {t('resetPassword.retry')}
          </Button>
        </>
      )}
      {check.isSuccess && (
        <NewPasswordForm
          token={token}
          onDone={() => setOutcome('done')}
          onInvalidLink={() => setOutcome('invalid')}
        />
      )}
    </CardPage>
  );
}
