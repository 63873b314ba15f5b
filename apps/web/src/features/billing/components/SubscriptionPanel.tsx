import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_DATE_FORMAT } from '@themis/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../app/api/error-message';
import { formatDate } from '../../../app/dates';
import { useToast } from '../../../app/toast';
import { useLanguage } from '../../../app/use-language';
import { FormError } from '../../../components/form/FormError';
import {
  useGetBillingOverviewQuery,
  useResumeSubscriptionMutation,
  type BillingAccount,
} from '../api';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
import { ReceiptsTable } from './ReceiptsTable';
import { SubscriptionDetails } from './SubscriptionDetails';
import { SubscriptionNotices } from './SubscriptionNotices';
import { SubscriptionStatusChips } from './SubscriptionStatusChips';
import { usePlanName } from '../plan-name';

export interface SubscriptionPanelProps {
  organizationPk: BillingAccount;
  /** Where the plans are, for a link to them; none when they are on the same page. */
  plansPath?: string;
}

/** The account's subscription, what can be done with it, and its receipts. */
export function SubscriptionPanel({ organizationPk, plansPath }: SubscriptionPanelProps) {
  const { t } = useTranslation('billing');
  const planName = usePlanName();
  const { language } = useLanguage();
  const toast = useToast();
  const { data: overview, error, refetch } = useGetBillingOverviewQuery(organizationPk);
  const [resume, resuming] = useResumeSubscriptionMutation();
  const [cancelling, setCancelling] = useState(false);
  const subscription = overview?.subscription ?? null;
  const scope = organizationPk ? 'organization' : 'individual';

  async function resumeSubscription() {
    try {
      const result = await resume(organizationPk).unwrap();
      const end = result.subscription?.current_period_end;
      const date = end ? formatDate(end, DEFAULT_DATE_FORMAT, { language }) : '';
      void toast.show(t('subscription.resumed', { date }), { variant: 'success' });
    } catch (failure) {
      const { key, values } = errorMessage(failure);
      void toast.show(t(key, values), { variant: 'error' });
    }
  }

  return (
    <Stack spacing={3} data-testid="billing-subscription">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Typography component="h2" variant="h6">
              {t(`subscription.heading.${scope}`)}
            </Typography>
            {subscription && <SubscriptionStatusChips subscription={subscription} />}
          </Stack>
          {!overview && error === undefined && (
            <Skeleton variant="rounded" height="10rem" aria-hidden />
          )}
          {!overview && error !== undefined && (
            <FormError error={error}>
              <Button color="inherit" size="small" onClick={() => void refetch()} sx={{ ml: 1 }}>
                {t('retry')}
              </Button>
            </FormError>
          )}
          {overview && !subscription && (
            <Typography data-testid="subscription-none">
              {t(`subscription.none.${scope}`, { plan: planName(overview.plan) })}
            </Typography>
          )}
          {subscription && (
            <>
              <SubscriptionNotices subscription={subscription} organizationPk={organizationPk} />
              <SubscriptionDetails subscription={subscription} />
            </>
          )}
          {overview && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              {plansPath && (
                <Button
                  component={RouterLink}
                  to={plansPath}
                  variant={subscription ? 'outlined' : 'contained'}
                  data-testid="subscription-plans"
                >
                  {t(subscription ? 'subscription.changePlan' : 'subscription.seePlans')}
                </Button>
              )}
              {subscription?.cancel_at_period_end && (
                <Button
                  variant="contained"
                  loading={resuming.isLoading}
                  onClick={() => void resumeSubscription()}
                  data-testid="subscription-resume"
                >
                  {t('subscription.resume')}
                </Button>
              )}
              {subscription?.source === 'paid' && !subscription.cancel_at_period_end && (
                <Button
                  color="error"
                  onClick={() => setCancelling(true)}
                  data-testid="subscription-cancel"
                >
                  {t('subscription.cancel')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
      <ReceiptsTable organizationPk={organizationPk} />
      {cancelling && subscription && (
        <CancelSubscriptionDialog
          subscription={subscription}
          organizationPk={organizationPk}
          onClose={() => setCancelling(false)}
        />
      )}
    </Stack>
  );
}
