import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { api } from '../../../../app/api/api';
import { paths } from '../../../../app/paths';
import { setSessionEnding } from '../../../../app/session';
import { useToast } from '../../../../app/toast';
import { CodeField } from '../../../../components/form/CodeField';
import { FormError } from '../../../../components/form/FormError';
import { FormTextField } from '../../../../components/form/FormTextField';
import { lazyZodResolver } from '../../../../components/form/lazy-zod-resolver';
import { ResendCodeButton } from '../../../../components/form/ResendCodeButton';
import { useDeleteAccountMutation, useSendVerificationCodeMutation } from '../../api';

export interface DeleteAccountViewProps {
  /** Accounts created through Google have no password to confirm with. */
  hasPassword: boolean;
  onBack: () => void;
  onDeleted: () => void;
}

/**
 * Deleting the account: the password and the e-mailed code, and a consent that it cannot
 * be undone. Afterwards the cached API state is dropped and the browser goes to login.
 */
export function DeleteAccountView({ hasPassword, onBack, onDeleted }: DeleteAccountViewProps) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [deleteAccount] = useDeleteAccountMutation();
  const [sendCode] = useSendVerificationCodeMutation();
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<unknown>();
  const { control, handleSubmit, formState } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZDeleteAccountRequest),
    mode: 'onChange',
    defaultValues: { verification_code: '', password: hasPassword ? '' : undefined },
  });

  const submit = handleSubmit(async (values) => {
    setError(undefined);
    setSessionEnding(true);
    try {
      await deleteAccount(values).unwrap();
    } catch (failure) {
      setSessionEnding(false);
      setError(failure);
      return;
    }
    void toast.show(t('security.delete.submitted'), { variant: 'success' });
    onDeleted();
    dispatch(api.util.resetApiState());
    void navigate(paths.login, { replace: true });
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      data-testid="delete-account-form"
    >
      <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
        {t('security.back')}
      </Button>
      <Typography component="h2" variant="h6">
        {t('security.delete.heading')}
      </Typography>
      <Alert severity="warning">{t('security.delete.warning')}</Alert>
      <Typography variant="body2" color="text.secondary">
        {t('security.codeInstructions')}
      </Typography>
      {error !== undefined && <FormError error={error} />}
      {hasPassword && (
        <FormTextField
          control={control}
          name="password"
          label={t('security.delete.password')}
          type="password"
          autoComplete="current-password"
          autoFocus
        />
      )}
      <CodeField control={control} name="verification_code" autoFocus={!hasPassword} />
      <ResendCodeButton
        justSent
        onResend={async () => {
          await sendCode('USER_DELETE').unwrap();
          return true;
        }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'delete-account-consent' } as object }}
          />
        }
        label={t('security.delete.consent')}
      />
      <Button
        type="submit"
        variant="contained"
        color="error"
        disabled={!consent}
        loading={formState.isSubmitting}
        sx={{ alignSelf: { sm: 'flex-end' } }}
        data-testid="delete-account-submit"
      >
        {t('security.delete.submit')}
      </Button>
    </Stack>
  );
}
