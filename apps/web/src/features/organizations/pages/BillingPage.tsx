import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Organization, Plan } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/use-language';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { useListPlansQuery, useMembershipStatsQuery } from '../api';

/**
 * The billing tab: the organization's plan and this month's tokens, pooled for all members
 * (per member on the co-workers tab).
 */
export function BillingPage({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizations');
  const { language } = useLanguage();
  const { data: stats } = useMembershipStatsQuery(organization.pk);
  const { data: plans = [] } = useListPlansQuery();
  if (!stats) return <CenteredSpinner />;
  const plan = plans.find((candidate: Plan) => candidate.scope === 'organization');
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
    <Stack spacing={3} sx={{ maxWidth: '40rem' }} data-testid="organization-billing">
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="overline" color="text.secondary">
          {t('billing.plan')}
        </Typography>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 600 }}>
          {plan?.product_name ?? t('billing.organizationPlan')}
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
          {t('billing.pooled', { members: numbers.format(stats.members_count) })}
        </Typography>
      </Paper>
    </Stack>
  );
}
