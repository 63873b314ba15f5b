import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Organization } from '@themis/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { useCurrentOrganization } from '../use-current-organization';
import { BillingTab } from './BillingTab';
import { CoworkersPage } from './CoworkersPage';
import { GeneralPage } from './GeneralPage';
import { InvitesPage } from './InvitesPage';
import { NoOrganizationPage } from './NoOrganizationPage';

/** The tabs in the spec's order (§1 routes). */
const TABS = ['general', 'coworkers', 'billing', 'invites'] as const;
type OrganizationTab = (typeof TABS)[number];

const PAGES: Record<OrganizationTab, (props: { organization: Organization }) => ReactNode> = {
  general: GeneralPage,
  coworkers: CoworkersPage,
  billing: BillingTab,
  invites: InvitesPage,
};

/**
 * /organizations/{tab}: the current organization, for its owners and admins (the sidebar
 * shows the entry only to them). Anyone else goes to the chat; the individual context is
 * told there is no organization here.
 */
export function OrganizationsPage() {
  const { t } = useTranslation('organizations');
  const { tab = 'general' } = useParams();
  const organization = useCurrentOrganization();
  if (organization === undefined) return <CenteredSpinner />;
  if (organization === null) return <NoOrganizationPage />;
  if (!organization.setting_visibility.settings_panel_visible) {
    return <Navigate to={paths.chat} replace />;
  }
  if (!(TABS as readonly string[]).includes(tab)) {
    return <Navigate to={`${paths.organizations}/general`} replace />;
  }
  const Page = PAGES[tab as OrganizationTab];
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, overflowY: 'auto', height: '100%' }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {organization.name}
      </Typography>
      <Tabs
        value={tab}
        aria-label={t('page.tabs')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3 }}
      >
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
      <Page key={organization.pk} organization={organization} />
    </Box>
  );
}
