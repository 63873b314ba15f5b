import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_DATE_FORMAT, SHARE_EXPIRY_DEFAULT, type SharedLink } from '@themis/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/dates';
import { errorCode } from '../../../app/api/error-message';
import { useToast } from '../../../app/toast';
import { useLanguage } from '../../../app/use-language';
import { FormError } from '../../../components/form/FormError';
import { ReadOnlyField } from '../../../components/form/ReadOnlyField';
import { useEncryptionFlows } from '../../encryption';
import { useGetConversationLinkQuery, useShareConversationMutation } from '../api';
import type { ShareExpiry } from '../share-expiry';
import { useCopyLink } from '../use-copy-link';
import { ReadableCopyConsent, ShareExpiryField } from './ShareOptions';

export interface ShareDialogProps {
  conversationPk: string;
  /** The conversation's name as the history shows it, when known. */
  name?: string;
  /** Stored encrypted: sharing it stores a readable copy, which the user confirms first. */
  encrypted: boolean;
  onClose: () => void;
}

const isNotFound = (error: unknown) => (error as { status?: unknown }).status === 404;

/**
 * Shares a conversation as it is now (spec §2 share dialog): the expiry, then the link to
 * copy. A conversation shared before shows its link, and sharing again updates it.
 */
export function ShareDialog({ conversationPk, name, encrypted, onClose }: ShareDialogProps) {
  const { t } = useTranslation('sharing');
  const { language } = useLanguage();
  const toast = useToast();
  const flows = useEncryptionFlows();
  const copy = useCopyLink();
  const titleId = useId();
  // Asked each time the dialog opens: the link may have expired or been removed meanwhile.
  const existing = useGetConversationLinkQuery(conversationPk, { refetchOnMountOrArgChange: true });
  const [share] = useShareConversationMutation();
  const [expiry, setExpiry] = useState<ShareExpiry>(SHARE_EXPIRY_DEFAULT);
  const [shared, setShared] = useState<SharedLink>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  // The server may know it is encrypted when the history did not say (an older page).
  const [refusedUnconfirmed, setRefusedUnconfirmed] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const needsConfirmation = encrypted || refusedUnconfirmed;

  // A disabled link no longer opens: the dialog offers to share the conversation anew.
  const link = shared ?? (existing.data?.status === 'disabled' ? undefined : existing.data);
  const lookupError = existing.error && !isNotFound(existing.error) ? existing.error : undefined;

  async function submit() {
    setError(undefined);
    setBusy(true);
    const body = { expires_in_ms: expiry, ...(needsConfirmation && { decrypt_confirmed: true }) };
    // A locked key opens the unlock dialog and the call is made again (encryption flows).
    const outcome = await flows.run(() => share({ conversationPk, body }).unwrap());
    setBusy(false);
    if (outcome.status === 'done') {
      setShared(outcome.data);
      void toast.show(t(link ? 'dialog.updated' : 'dialog.created'), { variant: 'success' });
    } else if (outcome.status === 'failed') {
      if (errorCode(outcome.error) === 'share_decryption_unconfirmed') setRefusedUnconfirmed(true);
      setError(outcome.error);
    }
  }

  const date = (value: string) => formatDate(value, DEFAULT_DATE_FORMAT, { language });

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'share-dialog' } as object }}
    >
      <DialogTitle id={titleId}>{t('dialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{name ? t('dialog.intro', { name }) : t('dialog.introUnnamed')}</Typography>
          <ShareExpiryField value={expiry} onChange={setExpiry} />
          {needsConfirmation && <ReadableCopyConsent checked={confirmed} onChange={setConfirmed} />}
          <FormError error={error ?? lookupError} />
          <Button
            variant="contained"
            onClick={() => void submit()}
            loading={busy}
            disabled={existing.isLoading || (needsConfirmation && !confirmed)}
            data-testid="share-submit"
            sx={{ alignSelf: 'flex-start' }}
          >
            {t(link ? 'dialog.update' : 'dialog.create')}
          </Button>
          {existing.isLoading && <CircularProgress size={24} aria-label={t('dialog.loading')} />}
          {link && (
            <LinkDetails link={link} date={date} onCopy={() => void copy(link.shared_key)} />
          )}
          <Typography variant="body2" color="text.secondary">
            {t('dialog.snapshotNote')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="share-close">
          {t('dialog.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The link to copy and when it expires, or that it has expired. */
function LinkDetails({
  link,
  date,
  onCopy,
}: {
  link: SharedLink;
  date: (value: string) => string;
  onCopy: () => void;
}) {
  const { t } = useTranslation('sharing');
  if (link.status !== 'active') {
    return (
      <Alert severity="info" data-testid="share-link-expired">
        {t('dialog.expiredOn', { date: link.expired_at ? date(link.expired_at) : '-' })}
      </Alert>
    );
  }
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'stretch' }}>
        <ReadOnlyField label={t('dialog.link')} value={link.shared_key} testId="share-link" />
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={onCopy}
          data-testid="share-copy"
          sx={{ flexShrink: 0 }}
        >
          {t('dialog.copy')}
        </Button>
      </Stack>
      <Typography variant="body2" data-testid="share-expiry">
        {link.expired_at
          ? t('dialog.expiresOn', { date: date(link.expired_at) })
          : t('dialog.neverExpires')}
      </Typography>
    </Stack>
  );
}
