import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { Organization } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useLanguage } from '../../../app/use-language';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import {
  PlanPicker,
  SubscriptionPanel,
  useGetBillingOverviewQuery,
  usePlanName,
} from '../../billing';
import { useMembershipStatsQuery } from '../api';

/**
 * The billing tab: the organization's plan and this month's tokens, pooled for all members
 * (per member on the co-workers tab); its subscription and receipts; the plans to buy.
 */
export function BillingTab({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizations');
  const planName = usePlanName();
  const { language } = useLanguage();
  const { data: stats } = useMembershipStatsQuery(organization.pk);
  const { data: overview } = useGetBillingOverviewQuery(organization.pk);
  if (!stats) return <CenteredSpinner />;
  const plan = overview?.plan;
  const locale = language === 'pl' ? 'pl-PL' : 'en-GB';
  const numbers = new Intl.NumberFormat(locale);
  // The month is the first day of a UTC month, e.g. 2026-11-01.
  const month = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${stats.month.slice(0, 7)}-01T00:00:00Z`));
  const share = stats.limit_tokens > 0 ? Math.min(1, stats.used_tokens / stats.limit_tokens) : 1;

  return (
    <Stack spacing={3} sx={{ maxWidth: '72rem' }} data-testid="organization-billing">
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="overline" color="text.secondary">
            {t('billing.plan')}
          </Typography>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 600 }}>
            {plan ? planName(plan) : t('billing.organizationPlan')}
          </Typography>
          <Typography color="text.secondary">
            {t('billing.limit', { tokens: numbers.format(stats.limit_tokens) })}
          </Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('billing.usage', { month })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={share * 100}
            color={share >= 0.9 ? 'warning' : 'primary'}
            aria-label={t('billing.usageLabel')}
            sx={{ height: 8, borderRadius: 4, mb: 1 }}
          />
          <Typography data-testid="organization-billing-usage">
            {t('billing.used', {
              used: numbers.format(stats.used_tokens),
              limit: numbers.format(stats.limit_tokens),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {stats.members_count === 1
              ? t('billing.pooledAlone')
              : t('billing.pooled', { members: numbers.format(stats.members_count) })}
          </Typography>
        </Paper>
      </Box>
      <Box sx={{ maxWidth: '48rem' }}>
        <SubscriptionPanel organizationPk={organization.pk} />
      </Box>
      <PlanPicker
        organizationPk={organization.pk}
        scope="organization"
        subscriptionPath={paths.organizationBilling}
      />
    </Stack>
  );
}
