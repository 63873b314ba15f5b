import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../app/toast';
import { FormError } from '../../../components/form/FormError';
import { useInviteMutation } from '../api';
import { InviteFields, useInviteChoice } from './InviteFields';

/** The invite-co-workers dialog (spec §2): addresses and their roles, all invited or none. */
export function InviteDialog({
  organizationPk,
  onClose,
}: {
  organizationPk: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('organizations');
  const toast = useToast();
  const titleId = useId();
  const choice = useInviteChoice();
  const [error, setError] = useState<unknown>();
  const [invite, inviting] = useInviteMutation();

  async function send() {
    setError(undefined);
    const { emails, role } = choice;
    const result = await invite({ organizationPk, emails, role, roles: choice.ownRoles() });
    if ('error' in result) {
      setError(result.error);
      return;
    }
    void toast.show(t('create.sent', { count: result.data.length }), { variant: 'success' });
    onClose();
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('invites.dialogTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormError error={error} />
          <InviteFields choice={choice} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button
          variant="contained"
          loading={inviting.isLoading}
          disabled={choice.emails.length === 0}
          onClick={() => void send()}
          data-testid="invite-send"
        >
          {t('create.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
