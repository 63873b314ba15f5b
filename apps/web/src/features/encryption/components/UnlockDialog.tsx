import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../app/api/error-message';
import { FormError } from '../../../components/form/FormError';
import { FormTextField } from '../../../components/form/FormTextField';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver';
import { FormPinField } from '../../../components/form/PinField';
import { useGetMeQuery } from '../../user/api';
import { useUnlockDecryptionMutation } from '../api';

// Spec §5 Unlock: the six digits of a PIN, or a password of at least one character.
const pinResolver = lazyZodResolver((schemas) =>
  schemas.ZUnlockDecryptionRequest.extend({ encryption_key: schemas.ZEncryptionPin }),
);
const passwordResolver = lazyZodResolver((schemas) =>
  schemas.ZUnlockDecryptionRequest.extend({ encryption_key: schemas.ZPasswordInput }),
);

type KeyType = 'PIN' | 'PASSWORD';

export interface UnlockDialogProps {
  onClose: (unlocked: boolean) => void;
  /** The PIN or password is forgotten: on to removing it. */
  onForgot: () => void;
}

function UnlockForm({ keyType, onClose, onForgot }: UnlockDialogProps & { keyType: KeyType }) {
  const { t } = useTranslation('encryption');
  const formId = useId();
  const [unlock] = useUnlockDecryptionMutation();
  const [error, setError] = useState<unknown>();
  const { control, handleSubmit, formState, reset, setFocus } = useForm({
    resolver: keyType === 'PIN' ? pinResolver : passwordResolver,
    // Judged when sent, then as it changes: a dialog opens without an error.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { encryption_key: '' },
  });

  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await unlock(values).unwrap();
    } catch (failure) {
      setError(failure);
      // A wrong PIN is typed again from the first box.
      reset();
      setFocus('encryption_key');
      return;
    }
    onClose(true);
  });

  return (
    <>
      <DialogContent>
        <Stack
          component="form"
          id={formId}
          noValidate
          spacing={2}
          onSubmit={(event) => void submit(event)}
        >
          <Typography variant="body2" color="text.secondary">
            {t(`unlock.intro.${keyType}`)}
          </Typography>
          <FormError
            error={error}
            // The spec's message says "password"; a PIN is told it is the PIN that was wrong.
            {...(keyType === 'PIN' &&
              errorCode(error) === 'incorrect_decryption_password' && {
                message: t('unlock.wrongPin'),
              })}
          />
          {keyType === 'PIN' ? (
            <FormPinField
              control={control}
              name="encryption_key"
              label={t('unlock.pinLabel')}
              autoFocus
            />
          ) : (
            <FormTextField
              control={control}
              name="encryption_key"
              label={t('unlock.passwordLabel')}
              type="password"
              autoComplete="off"
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': 'unlock-password' } }}
            />
          )}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={onForgot}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="unlock-forgot"
          >
            {t(`unlock.forgot.${keyType}`)}
          </Link>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={formState.isSubmitting}>
          {t('common:cancel')}
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          loading={formState.isSubmitting}
          data-testid="unlock-submit"
        >
          {t('unlock.submit')}
        </Button>
      </DialogActions>
    </>
  );
}

/** Unlocks the encrypted conversations for this session with the PIN or password. */
export function UnlockDialog({ onClose, onForgot }: UnlockDialogProps) {
  const { t } = useTranslation('encryption');
  const titleId = useId();
  const { data: me } = useGetMeQuery();
  // Me is known in the shell; with no type the password field takes a PIN as well.
  const keyType: KeyType = me?.encryption.encryption_key_type === 'PIN' ? 'PIN' : 'PASSWORD';
  return (
    <Dialog
      open
      onClose={() => onClose(false)}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'unlock-dialog' } as object }}
    >
      <DialogTitle id={titleId}>{t('unlock.title')}</DialogTitle>
      {me ? (
        <UnlockForm key={keyType} keyType={keyType} onClose={onClose} onForgot={onForgot} />
      ) : (
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('common:loading')} />
        </DialogContent>
      )}
    </Dialog>
  );
}
