import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { EncryptionStatus } from '@themis/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../app/toast';
import { CenteredSpinner } from '../../../../components/CenteredSpinner';
import { FormError } from '../../../../components/form/FormError';
import { testIdProps } from '../../../../components/form/test-id';
import { EncryptionProgress, useEncryptionFlows } from '../../../encryption';
import {
  useDeleteEncryptionSecretsMutation,
  useDisableEncryptionMutation,
  useEnableEncryptionMutation,
} from '../../../encryption/api';
import { useGetMeQuery } from '../../../user/api';

type Busy = 'switch' | 'remove';

const METHOD_KEYS = {
  PIN: 'securityMethods.methodPin',
  PASSWORD: 'securityMethods.methodPassword',
} as const;

/** Whether this session can read the encrypted conversations, and the way to unlock it. */
function LockState({ status }: { status: EncryptionStatus }) {
  const { t } = useTranslation('settings');
  const flows = useEncryptionFlows();
  const Icon = status.is_decryption_unlocked ? LockOpenOutlinedIcon : LockOutlinedIcon;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' } }}
      data-testid="encryption-lock-state"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1 }}>
        <Icon fontSize="small" aria-hidden />
        <Typography variant="body2">
          {status.is_decryption_unlocked
            ? t('securityMethods.unlocked')
            : t('securityMethods.locked')}
        </Typography>
      </Stack>
      {!status.is_decryption_unlocked && (
        <Button
          variant="outlined"
          onClick={() => void flows.unlock()}
          sx={{ alignSelf: 'flex-start', flexShrink: 0 }}
          data-testid="encryption-unlock"
        >
          {t('securityMethods.unlock')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Security methods (spec §2): encryption of the individual profile turned on or off, the PIN
 * or password set, changed or removed, the lock of this session and the background progress.
 */
export function SecurityMethodsView({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation(['settings', 'encryption']);
  const toast = useToast();
  const flows = useEncryptionFlows();
  const headingId = useId();
  const hintId = useId();
  const { data: me } = useGetMeQuery();
  const [enable] = useEnableEncryptionMutation();
  const [disable] = useDisableEncryptionMutation();
  const [removeSecrets] = useDeleteEncryptionSecretsMutation();
  const [busy, setBusy] = useState<Busy>();
  const [error, setError] = useState<unknown>();
  if (!me) return <CenteredSpinner />;
  const status = me.encryption;
  const keyType = status.is_encryption_key_set ? status.encryption_key_type : null;

  async function perform(kind: Busy, call: () => Promise<unknown>, doneKey: string) {
    setError(undefined);
    setBusy(kind);
    // Enabling without a PIN sets one up first; decrypting while locked unlocks first.
    const outcome = await flows.run(call);
    setBusy(undefined);
    if (outcome.status === 'failed') setError(outcome.error);
    if (outcome.status === 'done') void toast.show(t(doneKey), { variant: 'success' });
  }

  async function toggle(on: boolean) {
    if (on) {
      await perform('switch', () => enable().unwrap(), 'encryption:toasts.enabled');
      return;
    }
    // Without a PIN or password nothing was encrypted: there is nothing to choose.
    const action = status.is_encryption_key_set
      ? await flows.chooseRemoval({ purpose: 'disable' })
      : 'DELETE';
    if (action)
      await perform('switch', () => disable(action).unwrap(), 'encryption:toasts.disabled');
  }

  async function remove() {
    const action = await flows.chooseRemoval({ purpose: 'removeMethod' });
    if (action) {
      await perform('remove', () => removeSecrets(action).unwrap(), 'encryption:toasts.removed');
    }
  }

  const change = (next: 'PIN' | 'PASSWORD') => {
    setError(undefined);
    void flows.setUp({ change: true, keyType: next });
  };

  return (
    <Stack
      spacing={2.5}
      component="section"
      aria-labelledby={headingId}
      data-testid="security-methods"
    >
      <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
        {t('security.back')}
      </Button>
      <Typography id={headingId} component="h2" variant="h6">
        {t('securityMethods.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('securityMethods.description')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('securityMethods.plainBefore')}
      </Typography>
      <FormError error={error} />
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={status.is_encryption_enabled}
              disabled={busy !== undefined}
              onChange={(event) => void toggle(event.target.checked)}
              slotProps={{
                input: { 'aria-describedby': hintId, ...testIdProps('encryption-switch') },
              }}
            />
          }
          label={t('securityMethods.switch')}
        />
        <FormHelperText id={hintId} sx={{ mt: 0 }}>
          {t('securityMethods.switchHint')}
        </FormHelperText>
      </div>
      <EncryptionProgress />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('securityMethods.method')}
      </Typography>
      <Typography variant="body2" data-testid="encryption-method">
        {keyType ? t(METHOD_KEYS[keyType]) : t('securityMethods.methodNone')}
      </Typography>
      {keyType && <LockState status={status} />}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ flexWrap: 'wrap' }}
        useFlexGap
      >
        {keyType ? (
          <>
            <Button
              variant="outlined"
              onClick={() => change(keyType)}
              data-testid="encryption-change"
            >
              {keyType === 'PIN'
                ? t('securityMethods.changePin')
                : t('securityMethods.changePassword')}
            </Button>
            <Button
              variant="outlined"
              onClick={() => change(keyType === 'PIN' ? 'PASSWORD' : 'PIN')}
              data-testid="encryption-change-type"
            >
              {keyType === 'PIN' ? t('securityMethods.usePassword') : t('securityMethods.usePin')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              loading={busy === 'remove'}
              disabled={busy === 'switch'}
              onClick={() => void remove()}
              data-testid="encryption-remove"
            >
              {t('securityMethods.remove')}
            </Button>
          </>
        ) : (
          <Button
            variant="outlined"
            onClick={() => void flows.setUp()}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="encryption-setup"
          >
            {t('securityMethods.setUp')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
