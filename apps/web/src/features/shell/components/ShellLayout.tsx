import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT_PX } from '@themis/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { takeNoticeAfterReload } from '../../../app/notice-after-reload';
import { useToast } from '../../../app/toast';
import { EncryptionLockButton, EncryptionProvider } from '../../encryption';
import { FeedbackDialogProvider } from '../../feedback';
import { SettingsDialogProvider } from '../../settings';
import { Sidebar } from './Sidebar';

const DESKTOP_MEDIA_QUERY = `(min-width:${MOBILE_BREAKPOINT_PX}px)`;

export interface ShellLayoutProps {
  /** Notices shown above the page, such as the maintenance banner. */
  banner?: ReactNode;
}

/** Sidebar and centred content; below the mobile breakpoint the sidebar becomes a drawer. */
export function ShellLayout({ banner }: ShellLayoutProps) {
  const { t } = useTranslation();
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);
  const toast = useToast();
  useEffect(() => {
    const notice = takeNoticeAfterReload();
    if (notice) void toast.show(notice, { variant: 'success' });
  }, [toast]);

  return (
    // Outermost: the settings dialog and every page open the encryption dialogs.
    <EncryptionProvider>
      <FeedbackDialogProvider>
        <SettingsDialogProvider>
          <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
            {isDesktop ? (
              <Box
                sx={{
                  position: 'sticky',
                  top: 0,
                  height: '100dvh',
                  flexShrink: 0,
                  borderRight: 1,
                  borderColor: 'divider',
                }}
              >
                <Sidebar />
              </Box>
            ) : (
              <>
                <AppBar
                  position="fixed"
                  color="inherit"
                  elevation={0}
                  sx={{ bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider' }}
                >
                  <Toolbar>
                    <IconButton
                      edge="start"
                      aria-label={t('nav.open')}
                      aria-expanded={drawerOpen}
                      data-testid="mobile-menu-button"
                      onClick={() => setDrawerOpen(true)}
                    >
                      <MenuIcon />
                    </IconButton>
                    <Typography
                      component="span"
                      variant="h6"
                      sx={{ ml: 1, flexGrow: 1, fontWeight: 700 }}
                    >
                      {t('appName')}
                    </Typography>
                    <EncryptionLockButton compact />
                  </Toolbar>
                </AppBar>
                <Drawer
                  variant="temporary"
                  open={drawerOpen}
                  onClose={closeDrawer}
                  slotProps={{ paper: { 'aria-label': t('nav.label') } }}
                >
                  <Sidebar onNavigate={closeDrawer} onClose={closeDrawer} />
                </Drawer>
              </>
            )}
            <Box
              component="main"
              sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
            >
              {!isDesktop && <Toolbar />}
              {banner}
              <Outlet />
            </Box>
          </Box>
        </SettingsDialogProvider>
      </FeedbackDialogProvider>
    </EncryptionProvider>
  );
}
