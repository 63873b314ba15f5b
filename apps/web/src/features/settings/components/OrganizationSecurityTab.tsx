import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Membership } from '@themis/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api/error-message';
import { useToast } from '../../../app/toast';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { testIdProps } from '../../../components/form/test-id';
import { useEncryptionFlows } from '../../encryption';
import {
  useDisableMembershipEncryptionMutation,
  useEnableMembershipEncryptionMutation,
  useListMyMembershipsQuery,
} from '../../organizations/api';
import { useGetMeQuery } from '../../user/api';

/** One organization: the role held there and the switch for encrypting its conversations. */
function MembershipRow({ membership }: { membership: Membership }) {
  const { t } = useTranslation(['settings', 'organizations']);
  const toast = useToast();
  const flows = useEncryptionFlows();
  const noteId = useId();
  const { data: me } = useGetMeQuery();
  const [enable] = useEnableMembershipEncryptionMutation();
  const [disable] = useDisableMembershipEncryptionMutation();
  const [busy, setBusy] = useState(false);
  const { pk, organization, role, is_encryption_forced: forced } = membership;
  const encrypted = forced || membership.is_encryption_enabled;
  const values = { organization: organization.name };

  async function change(on: boolean) {
    let call = () => enable(pk).unwrap();
    if (!on) {
      // Without a PIN or password nothing here was encrypted: there is nothing to choose.
      const action = me?.encryption.is_encryption_key_set
        ? await flows.chooseRemoval({
            purpose: 'membership',
            organization: organization.name,
            organizationPk: organization.pk,
          })
        : 'DELETE';
      if (!action) return;
      call = () => disable({ membershipPk: pk, action }).unwrap();
    }
    setBusy(true);
    const outcome = await flows.run(call);
    setBusy(false);
    if (outcome.status === 'done') {
      const key = on ? 'organizations.encryptionOn' : 'organizations.encryptionOff';
      void toast.show(t(key, values), { variant: 'success' });
    }
    if (outcome.status === 'failed') {
      const { key, values: errorValues } = errorMessage(outcome.error);
      void toast.show(t(key, errorValues), { variant: 'error' });
    }
  }

  return (
    <ListItem divider data-testid="organization-security-row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemAvatar>
        <Avatar
          variant="rounded"
          src={organization.avatar_url ?? undefined}
          alt=""
          aria-hidden
          sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
        >
          <BusinessOutlinedIcon fontSize="small" />
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={organization.name}
        secondary={
          <>
            {t('organizations.roleAndState', {
              role: t(`organizations:roles.${role}`),
              state: t(
                forced
                  ? 'organizations.forced'
                  : encrypted
                    ? 'organizations.enabled'
                    : 'organizations.off',
              ),
            })}
            {forced && (
              <Typography id={noteId} component="span" variant="body2" sx={{ display: 'block' }}>
                {t('organizations.forcedNote', values)}
              </Typography>
            )}
          </>
        }
        sx={{ minWidth: '10rem' }}
      />
      <Switch
        checked={encrypted}
        disabled={forced || busy}
        onChange={(event) => void change(event.target.checked)}
        slotProps={{
          input: {
            'aria-label': t('organizations.encryptionSwitch', values),
            'aria-describedby': forced ? noteId : undefined,
            ...testIdProps('membership-encryption-switch'),
          },
        }}
      />
    </ListItem>
  );
}

/**
 * The organization security tab (spec §2): each of the user's organizations, the role held
 * there and whether its conversations are encrypted, by the organization's rule or by choice.
 */
export function OrganizationSecurityTab() {
  const { t } = useTranslation('settings');
  const { data: memberships, isLoading } = useListMyMembershipsQuery();
  if (isLoading || !memberships) return <CenteredSpinner />;
  return (
    <Stack spacing={1.5} data-testid="organization-security">
      <Typography component="h2" variant="h6">
        {t('organizations.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('organizations.intro')}
      </Typography>
      {memberships.length === 0 ? (
        <Typography>{t('organizations.none')}</Typography>
      ) : (
        <List aria-label={t('organizations.heading')}>
          {memberships.map((membership) => (
            <MembershipRow key={membership.pk} membership={membership} />
          ))}
        </List>
      )}
    </Stack>
  );
}
