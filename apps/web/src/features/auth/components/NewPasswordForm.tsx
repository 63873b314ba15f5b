import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../app/api/error-message';
import { FormError } from '../../../components/form/FormError';
import { useConfirmPasswordResetMutation } from '../api';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver';

export interface NewPasswordFormProps {
  token: string;
  onDone: () => void;
  /** The link stopped working meanwhile (used or expired). */
  onInvalidLink: () => void;
}

/** The new password of a reset link, with the rules checklist. */
export function NewPasswordForm({ token, onDone, onInvalidLink }: NewPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [confirmReset] = useConfirmPasswordResetMutation();
  const [error, setError] = useState<unknown>();
  const { control, handleSubmit, formState } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZPasswordResetConfirmRequest),
    mode: 'onChange',
    defaultValues: { token, password: '', password_confirmation: '' },
  });

  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await confirmReset(values).unwrap();
      onDone();
    } catch (failure) {
      if (errorCode(failure) === 'reset_link_invalid') onInvalidLink();
      else setError(failure);
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      data-testid="reset-password-form"
    >
      {error !== undefined && <FormError error={error} />}
      <NewPasswordFields control={control} autoFocus />
      <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
        {t('resetPassword.submit')}
      </Button>
    </Stack>
  );
}
