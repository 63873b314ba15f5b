import GoogleIcon from '@mui/icons-material/Google';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LinkIcon from '@mui/icons-material/Link';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DISCONNECT_SUCCESS_STORAGE_KEY } from '@themis/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../../app/api/error-message';
import { logout } from '../../../../app/session';
import { useToast } from '../../../../app/toast';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { FormError } from '../../../../components/form/FormError';
import { useListConnectedServicesQuery, useRevokeProviderMutation } from '../../api';

const TOP_CENTER = { vertical: 'top', horizontal: 'center' } as const;

/** The connected services; only Google has its own icon (spec §3). */
function ProviderIcon({ provider }: { provider: string }) {
  if (provider === 'google') return <GoogleIcon />;
  if (provider === 'system') return <KeyOutlinedIcon />;
  return <LinkIcon />;
}

/**
 * The ways the user signs in. Disconnecting a provider works only while signed in through
 * it (spec §4): on success the browser logs out; outside that scope it stays with a toast.
 */
export function ConnectedServices() {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const services = useListConnectedServicesQuery();
  const [revoke, revoking] = useRevokeProviderMutation();
  const [confirming, setConfirming] = useState<string>();

  async function disconnect(provider: string) {
    try {
      await revoke(provider).unwrap();
      window.localStorage.setItem(DISCONNECT_SUCCESS_STORAGE_KEY, provider);
    } catch (failure) {
      if (errorCode(failure) === 'not_in_provider_scope') {
        setConfirming(undefined);
        void toast.show(t('services.disconnectScopeError'), {
          variant: 'error',
          anchor: TOP_CENTER,
        });
        return;
      }
      // Any other failure still ends in the logout, as the spec's flow says.
    }
    logout();
  }

  return (
    <section aria-labelledby="settings-services-heading" data-testid="connected-services">
      <Typography id="settings-services-heading" component="h2" variant="h6">
        {t('services.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('services.description')}
      </Typography>
      {services.isError && <FormError error={services.error} />}
      {services.isLoading && <Skeleton height={56} />}
      <List>
        {services.data?.map(({ provider_name: provider }) => (
          <ListItem
            key={provider}
            disableGutters
            data-testid={`service-${provider}`}
            secondaryAction={
              provider !== 'system' && (
                <Button size="small" color="inherit" onClick={() => setConfirming(provider)}>
                  {t('services.disconnect')}
                </Button>
              )
            }
          >
            <ListItemIcon>
              <ProviderIcon provider={provider} />
            </ListItemIcon>
            <ListItemText primary={t(`services.providers.${provider}`)} />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={confirming !== undefined}
        title={t('services.confirmTitle', {
          provider: confirming ? t(`services.providers.${confirming}`) : '',
        })}
        description={t('services.confirmDescription')}
        confirmLabel={t('services.disconnect')}
        cancelLabel={t('common:cancel')}
        destructive
        loading={revoking.isLoading}
        onConfirm={() => confirming && void disconnect(confirming)}
        onCancel={() => setConfirming(undefined)}
      />
    </section>
  );
}
