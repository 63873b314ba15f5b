import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { EXPORT_FORMATS, type ExportFormat } from '@themis/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api/error-message';
import { useToast } from '../../../app/toast';
import { useLanguage } from '../../../app/use-language';
import { useEncryptionFlows } from '../../encryption';
import { saveFile, useExportConversationMutation, type ExportTarget } from '../api';

export interface ExportDialogProps {
  target: ExportTarget;
  /** The conversation's name as the page shows it, for the title. */
  name: string | undefined;
  onClose: () => void;
}

/** The formats a conversation exports to, and the file saved once it is made. */
export function ExportDialog({ target, name, onClose }: ExportDialogProps) {
  const { t } = useTranslation('chat');
  const toast = useToast();
  const { language } = useLanguage();
  const titleId = useId();
  const [format, setFormat] = useState<ExportFormat>('docx');
  const flows = useEncryptionFlows();
  const [exportConversation, { isLoading }] = useExportConversationMutation();
  const [error, setError] = useState<unknown>();
  const failure = error ? errorMessage(error) : undefined;

  async function download() {
    setError(undefined);
    // A locked encrypted conversation asks for the PIN or password, then is exported.
    const outcome = await flows.run(() =>
      exportConversation({ target, format, language }).unwrap(),
    );
    if (outcome.status === 'failed') setError(outcome.error);
    if (outcome.status !== 'done') return;
    saveFile(outcome.data);
    void toast.show(t('export.saved', { name: outcome.data.fileName }), { variant: 'success' });
    onClose();
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('export.title')}</DialogTitle>
      <DialogContent>
        {name && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mb: 1, overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
        )}
        <RadioGroup
          aria-label={t('export.format')}
          value={format}
          onChange={(event) => {
            setError(undefined);
            setFormat(event.target.value as ExportFormat);
          }}
        >
          {EXPORT_FORMATS.map((choice) => (
            <FormControlLabel
              key={choice}
              value={choice}
              control={<Radio />}
              data-testid={`export-format-${choice}`}
              label={
                <>
                  <Typography component="span" variant="body1" sx={{ display: 'block' }}>
                    {t(`export.formats.${choice}.label`)}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t(`export.formats.${choice}.hint`)}
                  </Typography>
                </>
              }
              sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
            />
          ))}
        </RadioGroup>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('export.contents')}
        </Typography>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="export-error">
            {t(failure.key, failure.values)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void download()}
          loading={isLoading}
          data-testid="export-download"
        >
          {t('export.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
