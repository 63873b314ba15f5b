import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CREDENTIAL_PASSWORD_LENGTH, type CreateEncryptionSecretsRequest } from '@themis/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../app/toast';
import { FormError } from '../../../components/form/FormError';
import { FormTextField } from '../../../components/form/FormTextField';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver';
import { FormPinField } from '../../../components/form/PinField';
import { useCreateEncryptionSecretsMutation } from '../api';
import { useEncryptionFlows, type EncryptionKeyType, type SetupOptions } from '../encryption-flows';

type Save = (request: CreateEncryptionSecretsRequest) => Promise<void>;

// The request's own rules: six digits or 6 to 32 characters, either typed twice alike (a
// forgotten one costs every encrypted conversation).
const pinResolver = lazyZodResolver((schemas) =>
  schemas.ZCreateEncryptionSecretsRequest.options[0]
    .extend({ encryption_key_confirmation: schemas.ZPasswordInput })
    .refine((values) => values.encryption_key === values.encryption_key_confirmation, {
      message: 'validation.pinMismatch',
      path: ['encryption_key_confirmation'],
    }),
);
const passwordResolver = lazyZodResolver((schemas) =>
  schemas.ZCreateEncryptionSecretsRequest.options[1]
    .extend({ encryption_key_confirmation: schemas.ZPasswordInput })
    .refine((values) => values.encryption_key === values.encryption_key_confirmation, {
      message: 'validation.passwordMismatch',
      path: ['encryption_key_confirmation'],
    }),
);

function PinForm({ formId, onSave }: { formId: string; onSave: Save }) {
  const { t } = useTranslation('encryption');
  const { control, handleSubmit } = useForm({
    resolver: pinResolver,
    // Judged when sent, then as it changes: a dialog opens without an error.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      encryption_key_type: 'PIN' as const,
      encryption_key: '',
      encryption_key_confirmation: '',
    },
  });
  return (
    <Stack
      component="form"
      id={formId}
      noValidate
      spacing={2}
      onSubmit={(event) =>
        void handleSubmit(({ encryption_key }) =>
          onSave({ encryption_key_type: 'PIN', encryption_key }),
        )(event)
      }
    >
      <FormPinField control={control} name="encryption_key" label={t('setup.pinLabel')} autoFocus />
      <FormPinField
        control={control}
        name="encryption_key_confirmation"
        label={t('setup.pinRepeatLabel')}
        testIdPrefix="pin-repeat-digit"
      />
    </Stack>
  );
}

function PasswordForm({ formId, onSave }: { formId: string; onSave: Save }) {
  const { t } = useTranslation('encryption');
  const { control, handleSubmit } = useForm({
    resolver: passwordResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      encryption_key_type: 'PASSWORD' as const,
      encryption_key: '',
      encryption_key_confirmation: '',
    },
  });
  return (
    <Stack
      component="form"
      id={formId}
      noValidate
      spacing={2}
      onSubmit={(event) =>
        void handleSubmit(({ encryption_key }) =>
          onSave({ encryption_key_type: 'PASSWORD', encryption_key }),
        )(event)
      }
    >
      <FormTextField
        control={control}
        name="encryption_key"
        label={t('setup.passwordLabel')}
        type="password"
        autoComplete="new-password"
        autoFocus
        helperText={t('setup.passwordHint', CREDENTIAL_PASSWORD_LENGTH)}
        slotProps={{ htmlInput: { 'data-testid': 'encryption-password' } }}
      />
      <FormTextField
        control={control}
        name="encryption_key_confirmation"
        label={t('setup.repeatLabel')}
        type="password"
        autoComplete="new-password"
        slotProps={{ htmlInput: { 'data-testid': 'encryption-password-repeat' } }}
      />
    </Stack>
  );
}

export interface EncryptionSetupDialogProps {
  options: SetupOptions;
  onClose: (done: boolean) => void;
}

/**
 * Creates the PIN or password (or replaces it, once unlocked), saying plainly that a
 * forgotten one cannot be recovered.
 */
export function EncryptionSetupDialog({ options, onClose }: EncryptionSetupDialogProps) {
  const { t } = useTranslation('encryption');
  const toast = useToast();
  const flows = useEncryptionFlows();
  const titleId = useId();
  const warningId = useId();
  const formId = useId();
  const [keyType, setKeyType] = useState<EncryptionKeyType>(options.keyType ?? 'PIN');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>();
  const [create] = useCreateEncryptionSecretsMutation();

  const save: Save = async (request) => {
    setError(undefined);
    setSaving(true);
    // Replacing a credential needs the session unlocked: the unlock dialog comes first.
    const outcome = await flows.run(() => create(request).unwrap());
    setSaving(false);
    if (outcome.status === 'failed') setError(outcome.error);
    if (outcome.status !== 'done') return;
    const toastKey = options.change ? 'changed' : 'created';
    void toast.show(t(`toasts.${toastKey}.${request.encryption_key_type}`), {
      variant: 'success',
    });
    onClose(true);
  };

  return (
    <Dialog
      open
      onClose={() => onClose(false)}
      aria-labelledby={titleId}
      aria-describedby={warningId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'encryption-setup-dialog' } as object }}
    >
      <DialogTitle id={titleId}>
        {options.change ? t('setup.changeTitle') : t('setup.title')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {options.required && <Typography>{t('setup.required')}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {t('setup.intro')}
          </Typography>
          <Alert severity="warning" id={warningId}>
            {t('setup.warning')}
          </Alert>
          <FormControl>
            <FormLabel id={`${formId}-method`}>{t('setup.method')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${formId}-method`}
              value={keyType}
              onChange={(_event, value) => {
                setKeyType(value as EncryptionKeyType);
                setError(undefined);
              }}
            >
              <FormControlLabel value="PIN" control={<Radio />} label={t('setup.pin')} />
              <FormControlLabel value="PASSWORD" control={<Radio />} label={t('setup.password')} />
            </RadioGroup>
          </FormControl>
          {keyType === 'PIN' ? (
            <PinForm formId={formId} onSave={save} />
          ) : (
            <PasswordForm formId={formId} onSave={save} />
          )}
          <FormError error={error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={saving}>
          {t('common:cancel')}
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          loading={saving}
          data-testid="encryption-setup-submit"
        >
          {keyType === 'PIN' ? t('setup.submitPin') : t('setup.submitPassword')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
