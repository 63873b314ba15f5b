import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { Membership, Organization, ReceivedInvitation } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import type { SwitchTarget } from '../use-context-switch';
import { ProfileIcon } from './ProfileIcon';
import { ReceivedInvitationList } from './ReceivedInvitationList';

export interface OrganizationMenuContentProps {
  current: Organization | null;
  currentName: string;
  /** The user's other organizations. */
  others: Membership[];
  invitations: ReceivedInvitation[];
  failed: 'switch' | 'invitation' | null;
  answering: boolean;
  onSwitch: (target: SwitchTarget) => void;
  onAnswer: (invitation: ReceivedInvitation, reply: 'accept' | 'decline') => void;
  onInvite: () => void;
  onCreate: () => void;
  /** The menu closes as a link of it is followed. */
  onClose: () => void;
}

/**
 * What the menu offers: the current profile, the individual one, the managers' invitation
 * and settings, the user's other organizations in a short scrolling list, the invitations
 * waiting for them, and a new organization.
 */
export function OrganizationMenuContent(props: OrganizationMenuContentProps) {
  const { t } = useTranslation('organizations');
  const { current, currentName, others, invitations, failed } = props;
  return (
    <>
      {failed && (
        <Alert severity="error" sx={{ mx: 1, mb: 1 }}>
          {t(failed === 'switch' ? 'switch.failed' : 'invitation.failed')}
        </Alert>
      )}
      <List
        component="div"
        dense
        subheader={
          <ListSubheader component="div" disableSticky>
            {t('menu.current')}
          </ListSubheader>
        }
      >
        <ListItemButton selected aria-current="true" data-testid="organization-current">
          <ListItemIcon>
            <ProfileIcon organization={current} />
          </ListItemIcon>
          <ListItemText
            primary={currentName}
            secondary={current ? t(`roles.${current.role}`) : undefined}
          />
        </ListItemButton>
        {current && (
          <ListItemButton onClick={() => props.onSwitch({ pk: null, name: t('menu.individual') })}>
            <ListItemIcon>
              <ProfileIcon organization={null} />
            </ListItemIcon>
            <ListItemText primary={t('menu.individual')} />
          </ListItemButton>
        )}
      </List>
      {current?.setting_visibility.invitation_panel_visible && (
        <Box sx={{ display: 'flex', gap: 1, px: 2, pb: 1 }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<PersonAddAlt1OutlinedIcon />}
            onClick={props.onInvite}
            data-testid="organization-invite"
          >
            {t('menu.invite')}
          </Button>
          <Button
            size="small"
            startIcon={<SettingsOutlinedIcon />}
            component={RouterLink}
            to={`${paths.organizations}/general`}
            onClick={props.onClose}
            data-testid="organization-settings"
          >
            {t('menu.settings')}
          </Button>
        </Box>
      )}
      {others.length > 0 && (
        <List
          component="div"
          dense
          subheader={
            <ListSubheader component="div" disableSticky>
              {t('menu.memberships')}
            </ListSubheader>
          }
          // About 9rem of organizations, then the list scrolls (spec §2).
          sx={{ maxHeight: '9rem', overflowY: 'auto' }}
          data-testid="organization-memberships"
        >
          {others.map(({ organization }) => (
            <ListItemButton
              key={organization.pk}
              onClick={() => props.onSwitch({ pk: organization.pk, name: organization.name })}
            >
              <ListItemIcon>
                <ProfileIcon organization={organization} />
              </ListItemIcon>
              <ListItemText
                primary={organization.name}
                secondary={t(`roles.${organization.role}`)}
              />
            </ListItemButton>
          ))}
        </List>
      )}
      {invitations.length > 0 && (
        <ReceivedInvitationList
          invitations={invitations}
          answering={props.answering}
          onAnswer={props.onAnswer}
        />
      )}
      <Divider sx={{ my: 0.5 }} />
      <ListItemButton data-testid="create-organization" onClick={props.onCreate}>
        <ListItemIcon>
          <AddBusinessOutlinedIcon />
        </ListItemIcon>
        <ListItemText primary={t('create.menuItem')} />
      </ListItemButton>
    </>
  );
}
