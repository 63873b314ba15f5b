import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Conversation } from '@themis/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api/error-message';
import { useToast } from '../../../app/toast';
import { FormTextField } from '../../../components/form/FormTextField';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver';
import { useRenameConversationMutation } from '../api';

export interface RenameConversationDialogProps {
  conversation: Conversation;
  onClose: () => void;
}

/** Renames a conversation with the shared name rules. */
export function RenameConversationDialog({ conversation, onClose }: RenameConversationDialogProps) {
  const { t } = useTranslation('chat');
  const toast = useToast();
  const titleId = useId();
  const [rename, { isLoading }] = useRenameConversationMutation();
  const { control, handleSubmit } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZConversationRenameRequest),
    defaultValues: { name: conversation.name },
  });

  const submit = handleSubmit(async ({ name }) => {
    try {
      await rename({ pk: conversation.pk, name }).unwrap();
      onClose();
    } catch (error) {
      const { key, values } = errorMessage(error);
      void toast.show(t(key, values), { variant: 'error' });
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('history.renameTitle')}</DialogTitle>
        <DialogContent>
          <FormTextField
            name="name"
            control={control}
            label={t('history.nameLabel')}
            autoFocus
            sx={{ mt: 1, width: '100%' }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
