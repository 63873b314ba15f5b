import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { SHARE_EXPIRY_CHOICES } from '@themis/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { testIdProps } from '../../../components/form/test-id';
import { expiryLabelKey, expiryValue, parseExpiry, type ShareExpiry } from '../share-expiry';

// What sharing asks, in the share dialog and when a disabled link is enabled again.

/** How long the link stays open. */
export function ShareExpiryField(props: {
  value: ShareExpiry;
  onChange: (value: ShareExpiry) => void;
}) {
  const { t } = useTranslation('sharing');
  const labelId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId}>{t('dialog.expiry')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name="share-expiry"
        value={expiryValue(props.value)}
        onChange={(event) => props.onChange(parseExpiry(event.target.value))}
      >
        {SHARE_EXPIRY_CHOICES.map((choice) => (
          <FormControlLabel
            key={expiryValue(choice)}
            value={expiryValue(choice)}
            control={<Radio />}
            label={t(expiryLabelKey(choice))}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The owner's consent to a readable copy of an encrypted conversation. */
export function ReadableCopyConsent(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('sharing');
  return (
    <Alert severity="warning" data-testid="share-encrypted-warning">
      {t('dialog.encryptedWarning')}
      <FormControlLabel
        sx={{ display: 'flex', mt: 1 }}
        control={
          <Checkbox
            checked={props.checked}
            onChange={(event) => props.onChange(event.target.checked)}
            slotProps={{ input: testIdProps('share-decrypt-confirm') }}
          />
        }
        label={t('dialog.encryptedConfirm')}
      />
    </Alert>
  );
}
