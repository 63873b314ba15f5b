import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form/FormError';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields';
import { useSetPasswordMutation } from '../../user/api';

/**
 * The first password of an account created through Google, so it can also sign in with
 * its e-mail. Optional: Google keeps working without it.
 */
export function SetPasswordStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('questionnaire');
  const [setPassword] = useSetPasswordMutation();
  const [error, setError] = useState<unknown>();
  const { control, handleSubmit, formState } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZSetPasswordRequest),
    mode: 'onChange',
    defaultValues: { password: '', password_confirmation: '' },
  });

  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await setPassword(values).unwrap();
      onDone();
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      data-testid="questionnaire-password-form"
    >
      <Typography component="h2" variant="h6">
        {t('password.heading')}
      </Typography>
      <Typography color="text.secondary">{t('password.description')}</Typography>
      {error !== undefined && <FormError error={error} />}
      <NewPasswordFields control={control} autoFocus />
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onDone} data-testid="questionnaire-password-skip">
          {t('password.skip')}
        </Button>
        <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
          {t('password.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
