import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useLanguage } from '../../../app/use-language';
import { CardPage } from '../../../components/CardPage';
import { FormError } from '../../../components/form/FormError';
import { FormTextField } from '../../../components/form/FormTextField';
import { useRequestPasswordResetMutation } from '../api';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver';

/** Router state of the success page: the address, kept out of the URL. */
export interface ResetRequestSuccessState {
  email: string;
}

/** /send-reset-password-link: asks for a reset link by e-mail. */
export function ResetRequestPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { language } = useLanguage();
  const [requestReset] = useRequestPasswordResetMutation();
  const [error, setError] = useState<unknown>();
  const { control, handleSubmit, formState } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZPasswordResetRequest),
    mode: 'onChange',
    defaultValues: { email: '', language },
  });

  const submit = handleSubmit(async ({ email }) => {
    setError(undefined);
    try {
      await requestReset({ email, language }).unwrap();
      const state: ResetRequestSuccessState = { email };
      navigate(paths.resetRequestSuccess, { state });
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <CardPage title={t('resetRequest.title')} description={t('resetRequest.description')}>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={2}
        data-testid="reset-request-form"
      >
        {error !== undefined && <FormError error={error} />}
        <FormTextField
          control={control}
          name="email"
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
          {t('resetRequest.submit')}
        </Button>
      </Stack>
      <Link component={RouterLink} to={paths.login} variant="body2" sx={{ alignSelf: 'center' }}>
        {t('resetRequest.backToLogin')}
      </Link>
    </CardPage>
  );
}
