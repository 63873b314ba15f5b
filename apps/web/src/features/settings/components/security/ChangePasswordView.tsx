import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../app/toast';
import { CodeField } from '../../../../components/form/CodeField';
import { FormError } from '../../../../components/form/FormError';
import { lazyZodResolver } from '../../../../components/form/lazy-zod-resolver';
import { NewPasswordFields } from '../../../../components/form/NewPasswordFields';
import { ResendCodeButton } from '../../../../components/form/ResendCodeButton';
import { useChangePasswordMutation, useSendVerificationCodeMutation } from '../../api';

export interface ChangePasswordViewProps {
  /** False for an account created through Google: the same form sets its first password. */
  hasPassword: boolean;
  onDone: () => void;
  onBack: () => void;
}

/** The e-mailed code and the new password; other devices are signed out afterwards. */
export function ChangePasswordView({ hasPassword, onDone, onBack }: ChangePasswordViewProps) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const [changePassword] = useChangePasswordMutation();
  const [sendCode] = useSendVerificationCodeMutation();
  const [error, setError] = useState<unknown>();
  const { control, handleSubmit, formState } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZChangePasswordForm),
    mode: 'onChange',
    defaultValues: { verification_code: '', password: '', password_confirmation: '' },
  });

  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await changePassword({
        verification_code: values.verification_code,
        new_password: values.password,
      }).unwrap();
    } catch (failure) {
      setError(failure);
      return;
    }
    void toast.show(t('security.password.changed'), { variant: 'success' });
    onDone();
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      data-testid="change-password-form"
    >
      <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
        {t('security.back')}
      </Button>
      <Typography component="h2" variant="h6">
        {hasPassword ? t('security.password.change') : t('security.password.set')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('security.codeInstructions')}
      </Typography>
      {error !== undefined && <FormError error={error} />}
      <CodeField control={control} name="verification_code" autoFocus />
      <ResendCodeButton
        justSent
        onResend={async () => {
          await sendCode('USER_PASSWORD_CHANGE').unwrap();
          return true;
        }}
      />
      <NewPasswordFields control={control} />
      <Typography variant="body2" color="text.secondary">
        {t('security.password.othersSignedOut')}
      </Typography>
      <Button
        type="submit"
        variant="contained"
        loading={formState.isSubmitting}
        sx={{ alignSelf: { sm: 'flex-end' } }}
        data-testid="change-password-submit"
      >
        {t('security.password.submit')}
      </Button>
    </Stack>
  );
}
