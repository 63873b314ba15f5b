import CloseIcon from '@mui/icons-material/Close';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import LinkIcon from '@mui/icons-material/Link';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT_PX } from '@themis/shared';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkManagerTab } from '../../sharing';
import { SETTINGS_TABS, type SettingsTab } from '../settings-tabs';
import { AccountTab } from './account/AccountTab';
import { OrganizationSecurityTab } from './OrganizationSecurityTab';
import { SecurityTab } from './security/SecurityTab';

const ICONS = {
  account: <PersonOutlineOutlinedIcon />,
  security: <LockOutlinedIcon />,
  linkManager: <LinkIcon />,
  organizationSecurity: <BusinessOutlinedIcon />,
};

/**
 * Settings: the account, security, link manager and organization security tabs, full screen
 * on phones.
 */
export function SettingsDialog({
  initialTab,
  onClose,
}: {
  initialTab: SettingsTab;
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const idPrefix = useId();
  const titleId = `${idPrefix}-title`;
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  const phone = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 0.05}px)`);

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      slotProps={{
        paper: { 'data-testid': 'settings-dialog', sx: { minHeight: { md: '36rem' } } } as object,
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('title')}
      </DialogTitle>
      <IconButton
        aria-label={t('close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      <Box
        sx={{
          display: 'flex',
          flexDirection: phone ? 'column' : 'row',
          flexGrow: 1,
          minHeight: 0,
        }}
      >
        <Tabs
          value={tab}
          onChange={(_event, next: SettingsTab) => setTab(next)}
          orientation={phone ? 'horizontal' : 'vertical'}
          variant={phone ? 'scrollable' : 'standard'}
          allowScrollButtonsMobile
          aria-label={t('tabsLabel')}
          sx={{
            flexShrink: 0,
            borderColor: 'divider',
            ...(phone ? { borderBottom: 1 } : { borderRight: 1, minWidth: '12rem' }),
            '& .MuiTab-root': { justifyContent: 'flex-start', minHeight: 48 },
          }}
        >
          {SETTINGS_TABS.map((id) => (
            <Tab
              key={id}
              value={id}
              icon={ICONS[id]}
              iconPosition="start"
              label={t(`tabs.${id}`)}
              id={`${idPrefix}-tab-${id}`}
              aria-controls={`${idPrefix}-panel-${id}`}
              data-testid={`settings-tab-${id}`}
            />
          ))}
        </Tabs>
        <DialogContent
          role="tabpanel"
          id={`${idPrefix}-panel-${tab}`}
          aria-labelledby={`${idPrefix}-tab-${tab}`}
          sx={{ flexGrow: 1, pt: 2 }}
        >
          {tab === 'account' && <AccountTab />}
          {tab === 'security' && <SecurityTab onAccountDeleted={onClose} />}
          {tab === 'linkManager' && (
            <Suspense fallback={null}>
              <LinkManagerTab onNavigate={onClose} />
            </Suspense>
          )}
          {tab === 'organizationSecurity' && <OrganizationSecurityTab />}
        </DialogContent>
      </Box>
    </Dialog>
  );
}
