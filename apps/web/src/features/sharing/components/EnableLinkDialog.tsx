import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SharedLink } from '@themis/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../app/api/error-message';
import { useToast } from '../../../app/toast';
import { FormError } from '../../../components/form/FormError';
import { useEncryptionFlows } from '../../encryption';
import { useEnableSharedLinkMutation } from '../api';
import { lastExpiry, type ShareExpiry } from '../share-expiry';
import { ReadableCopyConsent, ShareExpiryField } from './ShareOptions';

export interface EnableLinkDialogProps {
  link: SharedLink;
  onClose: () => void;
}

/**
 * Enables a disabled link again: its address and visitors stay, and it shares the
 * conversation as it is now, asking what sharing asks (the expiry, and for an encrypted
 * conversation the consent to a readable copy, once the server says it is one).
 */
export function EnableLinkDialog({ link, onClose }: EnableLinkDialogProps) {
  const { t } = useTranslation('sharing');
  const toast = useToast();
  const flows = useEncryptionFlows();
  const titleId = useId();
  const descriptionId = useId();
  const [enable] = useEnableSharedLinkMutation();
  const [expiry, setExpiry] = useState<ShareExpiry>(() => lastExpiry(link));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  // The link manager does not know whether the conversation is encrypted: the server says.
  const [needsConfirmation, setNeedsConfirmation] = useState(false);
  const [confirmed, setConfirmed] = useState(false);

  async function submit() {
    setError(undefined);
    setBusy(true);
    const body = { expires_in_ms: expiry, ...(needsConfirmation && { decrypt_confirmed: true }) };
    // A locked key opens the unlock dialog and the call is made again (encryption flows).
    const outcome = await flows.run(() => enable({ pk: link.pk, body }).unwrap());
    setBusy(false);
    if (outcome.status === 'done') {
      void toast.show(t('manager.enabled'), { variant: 'success' });
      onClose();
    } else if (outcome.status === 'failed') {
      if (errorCode(outcome.error) === 'share_decryption_unconfirmed') setNeedsConfirmation(true);
      setError(outcome.error);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'enable-link-dialog' } as object }}
    >
      <DialogTitle id={titleId}>{t('manager.enableTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography id={descriptionId}>
            {t('manager.enableDescription', { name: link.conversation_name })}
          </Typography>
          <ShareExpiryField value={expiry} onChange={setExpiry} />
          {needsConfirmation && <ReadableCopyConsent checked={confirmed} onChange={setConfirmed} />}
          <FormError error={error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common:cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          loading={busy}
          disabled={needsConfirmation && !confirmed}
          data-testid="enable-link-confirm"
        >
          {t('manager.enableConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
