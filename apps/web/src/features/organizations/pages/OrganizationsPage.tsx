import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { useCurrentOrganization } from '../use-current-organization';
import { CoworkersPage } from './CoworkersPage';

/** The tabs that have landed; general, billing and invitations follow. */
const TABS = ['coworkers'] as const;

/**
 * /organizations/{tab}: the current organization, for its owners and admins (the sidebar
 * shows the entry only to them). Anyone else, or the individual context, goes to the chat.
 */
export function OrganizationsPage() {
  const { t } = useTranslation('organizations');
  const { tab = 'coworkers' } = useParams();
  const organization = useCurrentOrganization();
  if (organization === undefined) return <CenteredSpinner />;
  if (!organization?.setting_visibility.settings_panel_visible) {
    return <Navigate to={paths.chat} replace />;
  }
  if (!(TABS as readonly string[]).includes(tab)) {
    return <Navigate to={`${paths.organizations}/coworkers`} replace />;
  }
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, overflowY: 'auto', height: '100%' }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {organization.name}
      </Typography>
      <Tabs value={tab} aria-label={t('page.tabs')} sx={{ mb: 3 }}>
        {TABS.map((id) => (
          <Tab
            key={id}
            value={id}
            label={t(`page.${id}`)}
            component={RouterLink}
            to={`${paths.organizations}/${id}`}
          />
        ))}
      </Tabs>
      <CoworkersPage organization={organization} />
    </Box>
  );
}
