import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type SandboxAuthentication = 'complete' | 'fail';

export interface BankAuthDialogProps {
  open: boolean;
  /** The choice being sent. */
  sending: SandboxAuthentication | undefined;
  onChoose: (choice: SandboxAuthentication) => void;
}

/**
 * The sandbox's stand-in for the bank's 3-D Secure page: the payer decides the outcome.
 * It closes only through a choice, as the real page does.
 */
export function BankAuthDialog({ open, sending, onChoose }: BankAuthDialogProps) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      open={open}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
      data-testid="bank-auth-dialog"
    >
      <DialogTitle id={titleId}>{t('auth.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>{t('auth.description')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          color="error"
          onClick={() => onChoose('fail')}
          loading={sending === 'fail'}
          disabled={sending !== undefined}
          data-testid="bank-auth-fail"
        >
          {t('auth.fail')}
        </Button>
        <Button
          variant="contained"
          onClick={() => onChoose('complete')}
          loading={sending === 'complete'}
          disabled={sending !== undefined}
          data-testid="bank-auth-complete"
        >
          {t('auth.complete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
