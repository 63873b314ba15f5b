import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { Organization } from '@themis/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api/error-message';
import { useToast } from '../../../app/toast';
import { testIdProps } from '../../../components/form/test-id';
import { useSetEncryptionForcedMutation } from '../api';

/**
 * The require-encryption rule of the general tab: unlike the form's other fields it applies
 * at once, through its own call (force or voluntary encryption).
 */
export function EncryptionPolicySwitch({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizations');
  const toast = useToast();
  const hintId = useId();
  const [setForced, { isLoading }] = useSetEncryptionForcedMutation();

  async function change(forced: boolean) {
    try {
      await setForced({ organizationPk: organization.pk, forced }).unwrap();
      void toast.show(t(forced ? 'general.encryptionForcedOn' : 'general.encryptionForcedOff'), {
        variant: 'success',
      });
    } catch (error) {
      const { key, values } = errorMessage(error);
      void toast.show(t(key, values), { variant: 'error' });
    }
  }

  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={organization.is_encryption_forced}
            disabled={isLoading}
            onChange={(event) => void change(event.target.checked)}
            slotProps={{
              input: {
                'aria-describedby': hintId,
                ...testIdProps('organization-encryption-forced'),
              },
            }}
          />
        }
        label={t('general.encryptionForced')}
      />
      <FormHelperText id={hintId} sx={{ mt: 0, mb: 1 }}>
        {t('general.encryptionForcedHint')}
      </FormHelperText>
    </>
  );
}
