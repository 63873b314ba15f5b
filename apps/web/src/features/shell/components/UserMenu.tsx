import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Avatar from '@mui/material/Avatar';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { displayName } from '@themis/shared';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../../app/session';
import { initials } from '../../../components/initials';
import { useGetMeQuery } from '../../user/api';
import { isEntryEnabled, SHELL_CONTEXT, type SidebarEntryId } from '../sidebar-entries';
import { FontSizeControl, LanguageOptions, ThemeToggle } from './PreferenceControls';
import { useOpenFeedback } from '../../feedback';
import { useOpenSettings } from '../../settings';

interface AccountActionProps {
  id: Extract<SidebarEntryId, 'settings' | 'feedback' | 'logout'>;
  icon: ReactNode;
  label: string;
  onClick?: () => void;
}

/** An account action, usable when the sidebar rules enable it (its feature has landed). */
function AccountAction({ id, icon, label, onClick }: AccountActionProps) {
  return (
    <ListItemButton disabled={!isEntryEnabled(SHELL_CONTEXT, id)} onClick={onClick}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText primary={label} />
    </ListItemButton>
  );
}

/** The account button at the bottom of the sidebar and the preferences panel it opens. */
export function UserMenu() {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const { data: user } = useGetMeQuery();
  const openFeedback = useOpenFeedback();
  const openSettings = useOpenSettings();

  return (
    <>
      <ButtonBase
        data-testid="user-menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          gap: 1.5,
          p: 1,
          borderRadius: 1,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Avatar
          aria-hidden
          src={user?.avatar_url ?? undefined}
          alt=""
          sx={{
            width: 32,
            height: 32,
            fontSize: '0.875rem',
            fontWeight: 600,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          {user ? initials(user) : <PersonOutlineOutlinedIcon fontSize="small" />}
        </Avatar>
        <Typography
          component="span"
          data-testid="user-menu-name"
          noWrap
          sx={{ flexGrow: 1, minWidth: 0, textAlign: 'left', fontWeight: 500 }}
        >
          {user ? displayName(user) : t('userMenu.button')}
        </Typography>
        <MoreHorizIcon aria-hidden sx={{ color: 'text.secondary' }} />
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
            'aria-label': t('userMenu.label'),
            sx: { width: '18rem', maxWidth: 'calc(100vw - 16px)', py: 1, mt: -1 },
          },
        }}
      >
        <AccountAction
          id="settings"
          icon={<SettingsOutlinedIcon />}
          label={t('userMenu.settings')}
          onClick={() => {
            setAnchor(null);
            openSettings();
          }}
        />
        <AccountAction
          id="feedback"
          icon={<FeedbackOutlinedIcon />}
          label={t('userMenu.feedback')}
          onClick={() => {
            setAnchor(null);
            openFeedback();
          }}
        />
        <Divider sx={{ my: 1 }} />
        <ThemeToggle />
        <FontSizeControl />
        <Divider sx={{ my: 1 }} />
        <LanguageOptions />
        <Divider sx={{ my: 1 }} />
        <AccountAction
          id="logout"
          icon={<LogoutIcon />}
          label={t('userMenu.logout')}
          onClick={() => logout()}
        />
      </Popover>
    </>
  );
}
