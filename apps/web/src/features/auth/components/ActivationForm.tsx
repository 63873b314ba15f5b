import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isWaitToRetry } from '../../../app/api/error-message';
import { paths } from '../../../app/paths';
import { useLanguage } from '../../../app/use-language';
import { FormError } from '../../../components/form/FormError';
import { FormTextField } from '../../../components/form/FormTextField';
import { useActivateMutation, useResendActivationMutation } from '../api';
import { CodeField } from '../../../components/form/CodeField';
import { ResendCodeButton } from '../../../components/form/ResendCodeButton';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver';

export interface ActivationFormProps {
  email: string;
  /** True right after registration: the address is known and a code was just sent. */
  emailKnown: boolean;
  testId: string;
}

/** The activation code form; on success the user is signed in and sees the activated page. */
export function ActivationForm({ email, emailKnown, testId }: ActivationFormProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { language } = useLanguage();
  const [activate] = useActivateMutation();
  const [resendActivation] = useResendActivationMutation();
  const [error, setError] = useState<unknown>();
  const { control, handleSubmit, formState, trigger, getValues } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZActivateRequest),
    mode: 'onChange',
    defaultValues: { email, code: '' },
  });

  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await activate(values).unwrap();
      navigate(paths.activated, { replace: true });
    } catch (failure) {
      setError(failure);
    }
  });

  async function resend() {
    setError(undefined);
    if (!(await trigger('email'))) return false;
    try {
      await resendActivation({ email: getValues('email'), language }).unwrap();
      return true;
    } catch (failure) {
      // A wait is shown by the button's countdown, not as "too many attempts".
      if (!isWaitToRetry(failure)) setError(failure);
      throw failure;
    }
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} data-testid={testId}>
      {error !== undefined && <FormError error={error} />}
      {!emailKnown && (
        <FormTextField
          control={control}
          name="email"
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          autoFocus={!email}
        />
      )}
      <CodeField control={control} autoFocus={emailKnown || Boolean(email)} />
      <ResendCodeButton onResend={resend} justSent={emailKnown} />
      <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
        {t(emailKnown ? 'confirmation.submit' : 'activation.submit')}
      </Button>
    </Stack>
  );
}
