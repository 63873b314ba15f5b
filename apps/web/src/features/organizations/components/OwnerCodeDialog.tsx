import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/form/CodeField';
import { FormError } from '../../../components/form/FormError';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver';
import { ResendCodeButton } from '../../../components/form/ResendCodeButton';

export interface OwnerCodeDialogProps {
  title: string;
  /** What cannot be undone. */
  warning: string;
  /** What to choose before the code is sent: the new owner, a consent. */
  choice?: ReactNode;
  /** False while the choice (or the consent) is missing. */
  ready: boolean;
  confirmLabel: string;
  /** E-mails the owner a code; rejects with the call's error. */
  sendCode: () => Promise<unknown>;
  /** Carries the step out with the code; rejects with the call's error. */
  confirm: (code: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}

/**
 * An owner's irreversible step (spec §4 ownership transfer, organization deletion): choose,
 * have a 6-digit code e-mailed, enter it to carry the step out.
 */
export function OwnerCodeDialog(props: OwnerCodeDialogProps) {
  const { t } = useTranslation('organizations');
  const titleId = useId();
  const [codeSent, setCodeSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>();
  const { control, handleSubmit, formState } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZOwnerCodeForm),
    mode: 'onChange',
    defaultValues: { verification_code: '' },
  });

  async function send() {
    setError(undefined);
    setSending(true);
    try {
      await props.sendCode();
      setCodeSent(true);
    } catch (failure) {
      setError(failure);
    } finally {
      setSending(false);
    }
  }

  const submit = handleSubmit(async ({ verification_code }) => {
    setError(undefined);
    try {
      await props.confirm(verification_code);
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <Dialog
      open
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { 'data-testid': props.testId } as object }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => void submit(event)}
          spacing={2}
          sx={{ pt: 1 }}
        >
          <Alert severity="warning">{props.warning}</Alert>
          <FormError error={error} />
          {props.choice}
          {codeSent && (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('owner.codeSent')}
              </Typography>
              <CodeField control={control} name="verification_code" autoFocus />
              <ResendCodeButton
                justSent
                onResend={async () => {
                  await props.sendCode();
                  return true;
                }}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common:cancel')}</Button>
        {codeSent ? (
          <Button
            type="submit"
            form={`${titleId}-form`}
            variant="contained"
            color="error"
            disabled={!props.ready || !formState.isValid}
            loading={formState.isSubmitting}
            data-testid="owner-code-confirm"
          >
            {props.confirmLabel}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={!props.ready}
            loading={sending}
            onClick={() => void send()}
            data-testid="owner-code-send"
          >
            {t('owner.sendCode')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
