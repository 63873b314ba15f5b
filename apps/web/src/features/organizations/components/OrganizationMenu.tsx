import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { Organization, ReceivedInvitation } from '@themis/shared';
import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import Divider from '@mui/material/Divider';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import {
  useAnswerInvitationMutation,
  useListMyMembershipsQuery,
  useListReceivedInvitationsQuery,
  useSwitchOrganizationMutation,
} from '../api';
import { withNoticeForReload } from '../../../app/notice-after-reload';
import { reloadIntoContext } from '../context';
import { useCurrentOrganization } from '../use-current-organization';

// The wizard loads when it is opened.
const CreateOrganizationDialog = lazy(async () => ({
  default: (await import('./CreateOrganizationDialog')).CreateOrganizationDialog,
}));
const InviteDialog = lazy(async () => ({
  default: (await import('./InviteDialog')).InviteDialog,
}));

interface SwitchTarget {
  pk: string | null;
  name: string;
}

function ProfileIcon({ organization }: { organization: Organization | null }) {
  return (
    <Avatar
      aria-hidden
      variant="rounded"
      src={organization?.avatar_url ?? undefined}
      alt=""
      sx={{ width: 28, height: 28, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
    >
      {organization ? (
        <BusinessOutlinedIcon fontSize="small" />
      ) : (
        <PersonOutlineOutlinedIcon fontSize="small" />
      )}
    </Avatar>
  );
}

/**
 * The organization menu of the sidebar (spec §2): the current profile, the individual one,
 * the user's organizations in a short scrolling list and the invitations waiting for them.
 */
export function OrganizationMenu() {
  const { t } = useTranslation('organizations');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [target, setTarget] = useState<SwitchTarget | null>(null);
  const [failed, setFailed] = useState<'switch' | 'invitation' | null>(null);
  const [dialog, setDialog] = useState<'create' | 'invite' | null>(null);
  const current = useCurrentOrganization();
  const { data: memberships = [] } = useListMyMembershipsQuery();
  const { data: invitations = [] } = useListReceivedInvitationsQuery();
  const [switchOrganization, switching] = useSwitchOrganizationMutation();
  const [answerInvitation, answering] = useAnswerInvitationMutation();
  const open = anchor !== null;
  const currentName = current ? current.name : t('menu.individual');
  const others = memberships.filter((membership) => membership.organization.pk !== current?.pk);

  async function confirmSwitch() {
    if (!target) return;
    setFailed(null);
    const result = await switchOrganization(target.pk);
    if ('error' in result) {
      setFailed('switch');
      setTarget(null);
      return;
    }
    reloadIntoContext();
  }

  async function answer(invitation: ReceivedInvitation, reply: 'accept' | 'decline') {
    setFailed(null);
    const joined =
      reply === 'accept'
        ? t('invitation.joined', { organization: invitation.organization.name })
        : undefined;
    const result = await withNoticeForReload(joined, () =>
      answerInvitation({ pk: invitation.pk, answer: reply }),
    );
    if ('error' in result) setFailed('invitation');
    else if (reply === 'accept') reloadIntoContext();
  }

  return (
    <>
      <ButtonBase
        data-testid="organization-menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`${t('menu.button')}: ${currentName}`}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          gap: 1.5,
          p: 1,
          mb: 0.5,
          borderRadius: 1,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <ProfileIcon organization={current ?? null} />
        <Typography noWrap sx={{ flexGrow: 1, minWidth: 0, textAlign: 'left', fontWeight: 500 }}>
          {currentName}
        </Typography>
        {invitations.length > 0 && (
          <Box
            component="span"
            aria-hidden
            sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'warning.main' }}
          />
        )}
        <UnfoldMoreIcon aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />
      </ButtonBase>
      <Popover
        id={menuId}
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('menu.label'),
            sx: { width: '18rem', maxWidth: 'calc(100vw - 16px)', py: 1, mt: -1 },
          },
        }}
      >
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
              <ProfileIcon organization={current ?? null} />
            </ListItemIcon>
            <ListItemText
              primary={currentName}
              secondary={current ? t(`roles.${current.role}`) : undefined}
            />
          </ListItemButton>
          {current && (
            <ListItemButton onClick={() => setTarget({ pk: null, name: t('menu.individual') })}>
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
              onClick={() => {
                setAnchor(null);
                setDialog('invite');
              }}
              data-testid="organization-invite"
            >
              {t('menu.invite')}
            </Button>
            <Button
              size="small"
              startIcon={<SettingsOutlinedIcon />}
              component={RouterLink}
              to={`${paths.organizations}/general`}
              onClick={() => setAnchor(null)}
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
                onClick={() => setTarget({ pk: organization.pk, name: organization.name })}
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
          <List
            component="div"
            dense
            subheader={
              <ListSubheader component="div" disableSticky>
                {t('menu.invitations')}
              </ListSubheader>
            }
          >
            {invitations.map((invitation) => (
              <Box
                key={invitation.pk}
                sx={{ px: 2, py: 0.5 }}
                data-testid="organization-invitation"
              >
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {invitation.organization.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('menu.invitedAs', { role: t(`roles.${invitation.role}`) })}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
                  <Button
                    size="small"
                    variant="contained"
                    disabled={answering.isLoading}
                    aria-label={t('menu.acceptInvitation', {
                      organization: invitation.organization.name,
                    })}
                    onClick={() => void answer(invitation, 'accept')}
                  >
                    {t('menu.accept')}
                  </Button>
                  <Button
                    size="small"
                    disabled={answering.isLoading}
                    aria-label={t('menu.declineInvitation', {
                      organization: invitation.organization.name,
                    })}
                    onClick={() => void answer(invitation, 'decline')}
                  >
                    {t('menu.decline')}
                  </Button>
                </Box>
              </Box>
            ))}
          </List>
        )}
        <Divider sx={{ my: 0.5 }} />
        <ListItemButton
          data-testid="create-organization"
          onClick={() => {
            setAnchor(null);
            setDialog('create');
          }}
        >
          <ListItemIcon>
            <AddBusinessOutlinedIcon />
          </ListItemIcon>
          <ListItemText primary={t('create.menuItem')} />
        </ListItemButton>
      </Popover>
      <Suspense fallback={null}>
        {dialog === 'create' && <CreateOrganizationDialog onClose={() => setDialog(null)} />}
        {dialog === 'invite' && current && (
          <InviteDialog organizationPk={current.pk} onClose={() => setDialog(null)} />
        )}
      </Suspense>
      <ConfirmDialog
        open={target !== null}
        title={t('switch.title', { name: target?.name ?? '' })}
        description={t('switch.description', { name: target?.name ?? '' })}
        confirmLabel={t('switch.confirm')}
        cancelLabel={t('common:cancel')}
        loading={switching.isLoading}
        onConfirm={() => void confirmSwitch()}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}
