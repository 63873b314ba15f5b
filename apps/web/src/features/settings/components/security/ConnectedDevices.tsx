import ComputerOutlinedIcon from '@mui/icons-material/ComputerOutlined';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_DATE_FORMAT, type Session } from '@themis/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../app/dates';
import { toLanguage } from '../../../../app/i18n';
import { useToast } from '../../../../app/toast';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { FormError } from '../../../../components/form/FormError';
import {
  useListSessionsQuery,
  useSignOutOtherSessionsMutation,
  useSignOutSessionMutation,
} from '../../api';

const MOBILE_SYSTEMS = new Set(['iOS', 'Android']);

function DeviceRow({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const { t, i18n } = useTranslation('settings');
  const language = toLanguage(i18n.resolvedLanguage);
  const unknown = t('devices.unknown');
  const name = t('devices.name', {
    browser: session.browser === 'Unknown' ? unknown : session.browser,
    os: session.os === 'Unknown' ? unknown : session.os,
  });
  const provider =
    session.provider === 'system' ? '' : ` · ${t(`services.providers.${session.provider}`)}`;
  return (
    <ListItem
      disableGutters
      data-testid="device-row"
      data-current={session.is_current}
      secondaryAction={
        !session.is_current && (
          <Button size="small" color="inherit" onClick={onSignOut}>
            {t('devices.signOut')}
          </Button>
        )
      }
    >
      <ListItemIcon>
        {MOBILE_SYSTEMS.has(session.os) ? <SmartphoneIcon /> : <ComputerOutlinedIcon />}
      </ListItemIcon>
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{name}</span>
            {session.is_current && (
              <Chip size="small" color="success" label={t('devices.current')} />
            )}
          </Stack>
        }
        secondary={`${t('devices.lastSeen', {
          date: formatDate(session.last_seen_at, DEFAULT_DATE_FORMAT, { withTime: true, language }),
        })} · ${session.ip || unknown}${provider}`}
        sx={{ pr: session.is_current ? 0 : 10 }}
      />
    </ListItem>
  );
}

/** The user's signed-in devices, with sign-out of one or of all the others. */
export function ConnectedDevices() {
  const { t } = useTranslation('settings');
  const toast = useToast();
  // Opened again, or the window focused after a sign-in elsewhere: the list as it is now.
  const sessions = useListSessionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
  });
  const [signOut] = useSignOutSessionMutation();
  const [signOutOthers, signingOutOthers] = useSignOutOtherSessionsMutation();
  const [confirmingOthers, setConfirmingOthers] = useState(false);
  const [error, setError] = useState<unknown>();
  const others = sessions.data?.filter((session) => !session.is_current) ?? [];

  async function run(action: () => Promise<unknown>) {
    setError(undefined);
    try {
      await action();
      void toast.show(t('devices.signedOut'), { variant: 'success' });
    } catch (failure) {
      setError(failure);
    }
  }

  return (
    <Stack
      component="section"
      aria-labelledby="security-devices"
      spacing={1}
      data-testid="connected-devices"
    >
      <Typography id="security-devices" component="h2" variant="h6">
        {t('devices.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('devices.description')}
      </Typography>
      {(error !== undefined || sessions.isError) && <FormError error={error ?? sessions.error} />}
      {sessions.isLoading && <Skeleton height={64} />}
      <List dense>
        {sessions.data?.map((session) => (
          <DeviceRow
            key={session.pk}
            session={session}
            onSignOut={() => void run(() => signOut(session.pk).unwrap())}
          />
        ))}
      </List>
      {others.length > 0 && (
        <Button
          variant="outlined"
          color="inherit"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => setConfirmingOthers(true)}
          data-testid="sign-out-others"
        >
          {t('devices.signOutOthers')}
        </Button>
      )}
      <ConfirmDialog
        open={confirmingOthers}
        title={t('devices.signOutOthersTitle')}
        description={t('devices.signOutOthersDescription', { count: others.length })}
        confirmLabel={t('devices.signOutOthers')}
        cancelLabel={t('common:cancel')}
        destructive
        loading={signingOutOthers.isLoading}
        onConfirm={() =>
          void run(() => signOutOthers().unwrap()).then(() => setConfirmingOthers(false))
        }
        onCancel={() => setConfirmingOthers(false)}
      />
    </Stack>
  );
}
