import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorCode } from '../../../app/api/error-message';
import { paths, withEmail, withFrom } from '../../../app/paths';
import { FormError } from '../../../components/form/FormError';
import { FormTextField } from '../../../components/form/FormTextField';
import { useLoginMutation } from '../api';
import { providerLoginUrl } from '../provider-login';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver';

export interface LoginCredentialsFormProps {
  defaultEmail: string;
  /** A message to show before any attempt, e.g. that the code step expired. */
  notice?: string;
  onCodeRequired: (challenge: { token: string; email: string }) => void;
}

/** The first step of signing in. A signed-in user is taken on by the guest guard. */
export function LoginCredentialsForm({
  defaultEmail,
  notice,
  onCodeRequired,
}: LoginCredentialsFormProps) {
  const { t } = useTranslation('auth');
  const [login] = useLoginMutation();
  const [failure, setFailure] = useState<{ error: unknown; email: string }>();
  const { control, handleSubmit, formState } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZLoginRequest),
    mode: 'onChange',
    defaultValues: { email: defaultEmail, password: '' },
  });
  const [params] = useSearchParams();
  const googleLoginUrl = providerLoginUrl('google', params.get('from'));

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const result = await login(values).unwrap();
      if (result.status === 'code_required') {
        onCodeRequired({ token: result.challenge_token, email: values.email });
      }
    } catch (error) {
      setFailure({ error, email: values.email });
    }
  });

  return (
    <Stack spacing={2.5}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} data-testid="login-form">
        {failure ? (
          <FormError error={failure.error}>
            {errorCode(failure.error) === 'user_is_not_activated' && (
              <>
                {' '}
                <Link
                  component={RouterLink}
                  to={withEmail(paths.activation, failure.email)}
                  color="inherit"
                  sx={{ fontWeight: 600 }}
                >
                  {t('login.activate')}
                </Link>
              </>
            )}
          </FormError>
        ) : (
          notice && <FormError message={notice} />
        )}
        <FormTextField
          control={control}
          name="email"
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          autoFocus
        />
        <FormTextField
          control={control}
          name="password"
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
        />
        <Link
          component={RouterLink}
          to={paths.resetRequest}
          variant="body2"
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('login.forgotPassword')}
        </Link>
        <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
          {t('login.submit')}
        </Button>
      </Stack>
      {googleLoginUrl && (
        <>
          <Divider>{t('login.or')}</Divider>
          <Button variant="outlined" size="large" href={googleLoginUrl} startIcon={<GoogleIcon />}>
            {t('login.google')}
          </Button>
        </>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('login.noAccount')}{' '}
        <Link component={RouterLink} to={withFrom(paths.register, params.get('from'))}>
          {t('login.register')}
        </Link>
      </Typography>
    </Stack>
  );
}
