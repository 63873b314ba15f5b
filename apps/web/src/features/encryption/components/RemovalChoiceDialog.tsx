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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EncryptedConversationsAction, EncryptedCountQuery } from '@themis/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountEncryptedConversationsQuery } from '../api';
import type { RemovalOptions } from '../encryption-flows';

export interface RemovalChoiceDialogProps {
  options: RemovalOptions;
  onClose: (action?: EncryptedConversationsAction) => void;
}

/** One choice with what it does in smaller words under it. */
function ChoiceLabel({ title, description }: { title: string; description: string }) {
  return (
    <Stack sx={{ py: 0.75 }}>
      <Typography>{title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {description}
      </Typography>
    </Stack>
  );
}

const confirmedByTyping = (typed: string, word: string) =>
  typed.trim().toLocaleUpperCase() === word.toLocaleUpperCase();

const scopeOf = (options: RemovalOptions): EncryptedCountQuery =>
  options.purpose === 'disable'
    ? { scope: 'individual' }
    : options.purpose === 'membership' && options.organizationPk
      ? { scope: 'organization', organization_pk: options.organizationPk }
      : { scope: 'all' };

/**
 * The last step before deleting: how many conversations go (those written before encryption
 * was on too: turning it on encrypted them), and the word to type.
 */
function DeleteConfirmation({
  options,
  descriptionId,
  typed,
  onTyped,
}: {
  options: RemovalOptions;
  descriptionId: string;
  typed: string;
  onTyped: (typed: string) => void;
}) {
  const { t } = useTranslation('encryption');
  const counted = useCountEncryptedConversationsQuery(scopeOf(options));
  const values = { organization: options.organization ?? '' };
  return (
    <Stack spacing={2}>
      <Alert severity="error" id={descriptionId} data-testid="encryption-removal-confirmation">
        {t(`removal.${options.purpose}.confirmDelete`, values)}{' '}
        {counted.data && (
          <span data-testid="encryption-removal-count">
            {t('removal.deleteCount', { count: counted.data.count })}
          </span>
        )}
      </Alert>
      <TextField
        label={t('removal.typeToConfirm', { word: t('removal.typeWord') })}
        value={typed}
        onChange={(event) => onTyped(event.target.value)}
        autoComplete="off"
        slotProps={{ htmlInput: { 'data-testid': 'encryption-removal-typed' } }}
      />
    </Stack>
  );
}

/**
 * What becomes of the encrypted conversations when encryption is turned off or its PIN or
 * password removed (spec §4): DELETE them for good, or DECRYPT and keep them; then a
 * confirmation. A forgotten credential leaves only DELETE.
 */
export function RemovalChoiceDialog({ options, onClose }: RemovalChoiceDialogProps) {
  const { t } = useTranslation('encryption');
  const titleId = useId();
  const descriptionId = useId();
  const { purpose } = options;
  const forgot = purpose === 'forgot';
  const [action, setAction] = useState<EncryptedConversationsAction | null>(
    forgot ? 'DELETE' : null,
  );
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const values = { organization: options.organization ?? '' };
  const text = (key: string) => t(`removal.${purpose}.${key}`, values);

  return (
    <Dialog
      open
      onClose={() => onClose()}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'encryption-removal-dialog' } as object }}
    >
      <DialogTitle id={titleId}>{text('title')}</DialogTitle>
      <DialogContent>
        {confirming && action === 'DELETE' ? (
          <DeleteConfirmation
            options={options}
            descriptionId={descriptionId}
            typed={typed}
            onTyped={setTyped}
          />
        ) : confirming && action ? (
          <Alert severity="info" id={descriptionId} data-testid="encryption-removal-confirmation">
            {text('confirmDecrypt')}
          </Alert>
        ) : (
          <Stack spacing={2}>
            <Typography id={descriptionId}>{text('intro')}</Typography>
            <FormControl>
              <FormLabel id={`${titleId}-choice`}>{t('removal.choice')}</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-choice`}
                value={action ?? ''}
                onChange={(_event, value) => setAction(value as EncryptedConversationsAction)}
              >
                <FormControlLabel
                  value="DECRYPT"
                  disabled={forgot}
                  control={<Radio />}
                  label={
                    <ChoiceLabel
                      title={t('removal.decrypt.label')}
                      description={
                        forgot ? t('removal.decrypt.unavailable') : t('removal.decrypt.description')
                      }
                    />
                  }
                />
                <FormControlLabel
                  value="DELETE"
                  control={<Radio />}
                  label={
                    <ChoiceLabel
                      title={t('removal.delete.label')}
                      description={t('removal.delete.description')}
                    />
                  }
                />
              </RadioGroup>
            </FormControl>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {confirming ? (
          <>
            <Button
              onClick={() => {
                setConfirming(false);
                setTyped('');
              }}
            >
              {t('removal.back')}
            </Button>
            <Button
              variant="contained"
              color={action === 'DELETE' ? 'error' : 'primary'}
              disabled={action === 'DELETE' && !confirmedByTyping(typed, t('removal.typeWord'))}
              onClick={() => onClose(action ?? undefined)}
              data-testid="encryption-removal-confirm"
            >
              {text('submit')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => onClose()}>{t('common:cancel')}</Button>
            <Button
              variant="contained"
              disabled={action === null}
              onClick={() => setConfirming(true)}
              data-testid="encryption-removal-continue"
            >
              {t('removal.continue')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
