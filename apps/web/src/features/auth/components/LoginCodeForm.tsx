import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCode, isWaitToRetry } from '../../../app/api/error-message';
import { FormError } from '../../../components/form/FormError';
import { testIdProps } from '../../../components/form/test-id';
import { useConfirmLoginMutation, useResendLoginCodeMutation } from '../api';
import { CodeField } from '../../../components/form/CodeField';
import { ResendCodeButton } from '../../../components/form/ResendCodeButton';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver';

export interface LoginCodeFormProps {
  challengeToken: string;
  onBack: () => void;
  /** The sign-in attempt itself expired: the user must start again. */
  onExpired: () => void;
}

/** The second step of signing in on a device that is not trusted yet. */
export function LoginCodeForm({ challengeToken, onBack, onExpired }: LoginCodeFormProps) {
  const { t } = useTranslation('auth');
  const hintId = useId();
  const [confirm] = useConfirmLoginMutation();
  const [resendCode] = useResendLoginCodeMutation();
  const [error, setError] = useState<unknown>();
  const { control, handleSubmit, formState } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZLoginConfirmRequest),
    mode: 'onChange',
    defaultValues: { challenge_token: challengeToken, code: '', trust_device: true },
  });

  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await confirm(values).unwrap();
    } catch (failure) {
      setError(failure);
    }
  });

  async function resend() {
    setError(undefined);
    try {
      await resendCode({ challenge_token: challengeToken }).unwrap();
      return true;
    } catch (failure) {
      if (errorCode(failure) === 'code_expired') onExpired();
      // A wait is shown by the button's countdown, not as "too many attempts".
      else if (!isWaitToRetry(failure)) setError(failure);
      throw failure;
    }
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} data-testid="login-code-form">
      {error !== undefined && <FormError error={error} />}
      <CodeField control={control} autoFocus />
      <Controller
        name="trust_device"
        control={control}
        render={({ field }) => (
          <div>
            <FormControlLabel
              label={t('loginCode.trustDevice')}
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{
                    input: {
                      ref: field.ref,
                      'aria-describedby': hintId,
                      ...testIdProps('login-trust-device'),
                    },
                  }}
                />
              }
            />
            <FormHelperText id={hintId} sx={{ mt: -0.5, ml: 4 }}>
              {t('loginCode.trustDeviceHint')}
            </FormHelperText>
          </div>
        )}
      />
      <ResendCodeButton onResend={resend} justSent testId="login-resend-code" />
      <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
        {t('loginCode.submit')}
      </Button>
      <Button variant="text" onClick={onBack}>
        {t('loginCode.back')}
      </Button>
    </Stack>
  );
}
