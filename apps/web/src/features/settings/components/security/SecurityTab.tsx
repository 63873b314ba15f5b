import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../../app/api/error-message';
import { useToast } from '../../../../app/toast';
import { FormError } from '../../../../components/form/FormError';
import { useGetMeQuery } from '../../../user/api';
import { useSendVerificationCodeMutation, type AccountCodeKind } from '../../api';
import { ChangePasswordView } from './ChangePasswordView';
import { ConnectedDevices } from './ConnectedDevices';
import { DeleteAccountView } from './DeleteAccountView';
import { SecurityMethodsView } from './SecurityMethodsView';

type SecurityView = 'general' | 'change-password' | 'delete-account' | 'security-methods';

const VIEW_OF_KIND: Record<AccountCodeKind, SecurityView> = {
  USER_PASSWORD_CHANGE: 'change-password',
  USER_DELETE: 'delete-account',
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack component="section" aria-labelledby={id} spacing={1.5}>
      <Typography id={id} component="h2" variant="h6">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * Security: the general view, the password change and account deletion, each reached after
 * a verification code has been e-mailed, and the encryption's security methods.
 */
export function SecurityTab({ onAccountDeleted }: { onAccountDeleted: () => void }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const { data: me } = useGetMeQuery();
  const [view, setView] = useState<SecurityView>('general');
  const [sendCode, sending] = useSendVerificationCodeMutation();
  const [sendingKind, setSendingKind] = useState<AccountCodeKind>();
  const [error, setError] = useState<unknown>();

  async function requestCode(kind: AccountCodeKind) {
    setError(undefined);
    setSendingKind(kind);
    try {
      await sendCode(kind).unwrap();
      void toast.show(t('security.codeSent'), { variant: 'success' });
    } catch (failure) {
      // A code sent a moment ago is still valid: go on and let the user type it.
      if (errorCode(failure) !== 'rate_limited') {
        setError(failure);
        return;
      }
    } finally {
      setSendingKind(undefined);
    }
    setView(VIEW_OF_KIND[kind]);
  }

  const back = () => setView('general');
  if (view === 'change-password') {
    return (
      <ChangePasswordView hasPassword={me?.has_password ?? true} onDone={back} onBack={back} />
    );
  }
  if (view === 'delete-account') {
    return (
      <DeleteAccountView
        hasPassword={me?.has_password ?? true}
        onBack={back}
        onDeleted={onAccountDeleted}
      />
    );
  }

  if (view === 'security-methods') return <SecurityMethodsView onBack={back} />;

  const hasPassword = me?.has_password ?? true;
  return (
    <Stack spacing={3} data-testid="settings-security">
      {error !== undefined && <FormError error={error} />}
      <Section id="security-password" title={t('security.password.heading')}>
        <Typography variant="body2" color="text.secondary">
          {hasPassword ? t('security.password.description') : t('security.password.noPassword')}
        </Typography>
        <Button
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          loading={sending.isLoading && sendingKind === 'USER_PASSWORD_CHANGE'}
          onClick={() => void requestCode('USER_PASSWORD_CHANGE')}
          data-testid="change-password-start"
        >
          {hasPassword ? t('security.password.change') : t('security.password.set')}
        </Button>
      </Section>
      <Divider />
      <Section id="security-encryption" title={t('securityMethods.heading')}>
        <Typography variant="body2" color="text.secondary">
          {me?.encryption.is_encryption_enabled
            ? t('securityMethods.statusOn')
            : t('securityMethods.statusOff')}
        </Typography>
        <Button
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => setView('security-methods')}
          data-testid="security-methods-start"
        >
          {t('securityMethods.manage')}
        </Button>
      </Section>
      <Divider />
      <ConnectedDevices />
      <Divider />
      <Section id="security-delete" title={t('security.delete.heading')}>
        <Typography variant="body2" color="text.secondary">
          {t('security.delete.description')}
        </Typography>
        <Button
          variant="outlined"
          color="error"
          sx={{ alignSelf: 'flex-start' }}
          loading={sending.isLoading && sendingKind === 'USER_DELETE'}
          onClick={() => void requestCode('USER_DELETE')}
          data-testid="delete-account-start"
        >
          {t('security.delete.start')}
        </Button>
      </Section>
    </Stack>
  );
}
