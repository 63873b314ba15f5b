import BalanceIcon from '@mui/icons-material/Balance';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import ChatBubbleOutlineOutlinedIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import CloseIcon from '@mui/icons-material/Close';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { SvgIconComponent } from '@mui/icons-material';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { useLanguage } from '../../../app/use-language';
import { logout } from '../../../app/session';
import {
  SHELL_CONTEXT,
  sidebarEntries,
  type SidebarEntry,
  type SidebarEntryId,
} from '../sidebar-entries';
import { LanguageMenu } from './LanguageMenu';
import { UserMenu } from './UserMenu';
import { HistoryPanel } from '../../chat';
import { EncryptionLockButton } from '../../encryption';
import { OrganizationMenu, useCurrentOrganization } from '../../organizations';
import { useOpenFeedback } from '../../feedback';
import { useOpenSettings } from '../../settings';

const SIDEBAR_WIDTH = '16.5rem';

const ICONS: Record<SidebarEntryId, SvgIconComponent> = {
  conversations: ChatBubbleOutlineOutlinedIcon,
  documents: DescriptionOutlinedIcon,
  models: HubOutlinedIcon,
  billing: ReceiptLongOutlinedIcon,
  organizations: BusinessOutlinedIcon,
  logout: LogoutIcon,
  language: TranslateIcon,
  settings: SettingsOutlinedIcon,
  feedback: FeedbackOutlinedIcon,
};

export interface SidebarProps {
  /** Called after a navigation link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
  /** Shown as a close button when the sidebar is a drawer. */
  onClose?: () => void;
}

export function Sidebar({ onNavigate, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { pathname } = useLocation();
  const [languageAnchor, setLanguageAnchor] = useState<HTMLElement | null>(null);
  const organization = useCurrentOrganization();
  const entries = sidebarEntries({
    ...SHELL_CONTEXT,
    currentOrganization: organization
      ? { settingsPanelVisible: organization.setting_visibility.settings_panel_visible }
      : null,
  });
  const openFeedback = useOpenFeedback();
  const openSettings = useOpenSettings();

  function renderEntry({ id, enabled }: SidebarEntry) {
    const Icon = ICONS[id];
    const content = (
      <>
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
        <ListItemText
          primary={t(`nav.${id}`)}
          secondary={id === 'language' ? t(`languages.${language}`) : undefined}
        />
      </>
    );
    if (!enabled) return <ListItemButton disabled>{content}</ListItemButton>;
    if (id === 'conversations') {
      return (
        <ListItemButton
          component={NavLink}
          to={paths.chat}
          selected={pathname.startsWith(paths.chat)}
          onClick={onNavigate}
        >
          {content}
        </ListItemButton>
      );
    }
    if (id === 'billing') {
      return (
        <ListItemButton
          component={NavLink}
          to={paths.billingPlans}
          selected={pathname.startsWith(paths.billing) || pathname.startsWith(paths.payment)}
          onClick={onNavigate}
        >
          {content}
        </ListItemButton>
      );
    }
    if (id === 'organizations') {
      return (
        <ListItemButton
          component={NavLink}
          to={`${paths.organizations}/general`}
          selected={pathname.startsWith(paths.organizations)}
          onClick={onNavigate}
        >
          {content}
        </ListItemButton>
      );
    }
    if (id === 'logout') return <ListItemButton onClick={() => logout()}>{content}</ListItemButton>;
    if (id === 'feedback') {
      return <ListItemButton onClick={openFeedback}>{content}</ListItemButton>;
    }
    if (id === 'settings') {
      return <ListItemButton onClick={() => openSettings()}>{content}</ListItemButton>;
    }
    return (
      <ListItemButton
        aria-haspopup="menu"
        aria-expanded={languageAnchor !== null}
        onClick={(event) => setLanguageAnchor(event.currentTarget)}
      >
        {content}
      </ListItemButton>
    );
  }

  const renderGroup = (group: SidebarEntry['group']) => (
    <List dense>
      {entries
        .filter((entry) => entry.group === group)
        .map((entry) => (
          <ListItem key={entry.id} disablePadding>
            {renderEntry(entry)}
          </ListItem>
        ))}
    </List>
  );

  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      data-testid="sidebar"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        width: SIDEBAR_WIDTH,
        maxWidth: '85vw',
        height: '100%',
        bgcolor: 'background.sidebar',
        px: 1.5,
        py: 2,
        overflowY: 'auto',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, px: 1, mb: 1 }}>
        <BalanceIcon aria-hidden sx={{ color: 'secondary.main' }} />
        <Typography component="span" variant="h6" sx={{ flexGrow: 1, fontWeight: 700 }}>
          {t('appName')}
        </Typography>
        {/* A drawer's header bar shows it already. */}
        {!onClose && <EncryptionLockButton />}
        {onClose && (
          <IconButton aria-label={t('nav.close')} onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      {renderGroup('destinations')}
      <Divider sx={{ my: 1 }} />
      {renderGroup('actions')}
      <Divider sx={{ my: 1 }} />
      <Suspense fallback={<Box sx={{ flex: 1 }} />}>
        <HistoryPanel onNavigate={onNavigate} />
      </Suspense>
      <OrganizationMenu />
      <UserMenu />
      <LanguageMenu anchorEl={languageAnchor} onClose={() => setLanguageAnchor(null)} />
    </Box>
  );
}
