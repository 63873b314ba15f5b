import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { PlanPicker } from '../components/PlanPicker';
import { SubscriptionPanel } from '../components/SubscriptionPanel';

/** The tabs of spec §2: plans and subscription. */
const TABS = { plans: paths.billingPlans, subscription: paths.billingSubscription } as const;
type BillingTab = keyof typeof TABS;

/** /billing/{plans|subscription}: the user's own plans and subscription. */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const { tab } = useParams();
  if (tab !== 'plans' && tab !== 'subscription') {
    return <Navigate to={paths.billingPlans} replace />;
  }
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, overflowY: 'auto', height: '100%' }} data-testid="billing-page">
      <Box sx={{ maxWidth: '72rem', mx: 'auto' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
          {t('page.title')}
        </Typography>
        <Tabs value={tab} aria-label={t('page.tabs')} sx={{ mb: 3 }}>
          {(Object.keys(TABS) as BillingTab[]).map((id) => (
            <Tab
              key={id}
              value={id}
              label={t(`page.${id}`)}
              component={RouterLink}
              to={TABS[id]}
              data-testid={`billing-tab-${id}`}
            />
          ))}
        </Tabs>
        {tab === 'plans' ? (
          <PlanPicker
            organizationPk={null}
            scope="individual"
            subscriptionPath={paths.billingSubscription}
          />
        ) : (
          <Box sx={{ maxWidth: '48rem' }}>
            <SubscriptionPanel organizationPk={null} plansPath={paths.billingPlans} />
          </Box>
        )}
      </Box>
    </Box>
  );
}
