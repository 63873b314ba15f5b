import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { useListMyMembershipsQuery } from '../../organizations/api';

/**
 * The organization security tab (spec §2): each of the user's organizations, the role held
 * there and whether its conversations are encrypted, by the organization's rule or by choice.
 */
export function OrganizationSecurityTab() {
  const { t } = useTranslation(['settings', 'organizations']);
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
          {memberships.map(
            ({ pk, organization, role, is_encryption_forced, is_encryption_enabled }) => (
              <ListItem key={pk} divider data-testid="organization-security-row">
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
                  secondary={t(`organizations:roles.${role}`)}
                />
                <Chip
                  size="small"
                  variant="outlined"
                  icon={
                    is_encryption_forced || is_encryption_enabled ? <LockOutlinedIcon /> : undefined
                  }
                  label={t(
                    is_encryption_forced
                      ? 'organizations.forced'
                      : is_encryption_enabled
                        ? 'organizations.enabled'
                        : 'organizations.off',
                  )}
                />
              </ListItem>
            ),
          )}
        </List>
      )}
    </Stack>
  );
}
