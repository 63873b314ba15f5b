import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DEFAULT_DATE_FORMAT, type Subscription } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/dates';
import { useToast } from '../../../app/toast';
import { useLanguage } from '../../../app/use-language';
import { errorMessage } from '../../../app/api/error-message';
import { useChangeSubscriptionMutation, type BillingAccount } from '../api';
import { usePlanName } from '../plan-name';

export interface SubscriptionNoticesProps {
  subscription: Subscription;
  organizationPk: BillingAccount;
}

/** What needs the user's attention: a failed renewal, a cancellation, a pending downgrade. */
export function SubscriptionNotices({ subscription, organizationPk }: SubscriptionNoticesProps) {
  const { t } = useTranslation('billing');
  const planName = usePlanName();
  const { language } = useLanguage();
  const toast = useToast();
  const [change, changing] = useChangeSubscriptionMutation();
  const date = (value: string | null) =>
    value ? formatDate(value, DEFAULT_DATE_FORMAT, { language }) : t('subscription.noEnd');
  const plan = planName(subscription.plan);
  const pending = subscription.pending_change;

  // Choosing the current plan and period again drops the downgrade waiting for the period end.
  async function keepPlan() {
    try {
      await change({
        plan_pk: subscription.plan.pk,
        period: subscription.period,
        organization_pk: organizationPk,
      }).unwrap();
      void toast.show(t('subscription.kept', { plan }), { variant: 'success' });
    } catch (failure) {
      const { key, values } = errorMessage(failure);
      void toast.show(t(key, values), { variant: 'error' });
    }
  }

  return (
    <Stack spacing={1.5}>
      {subscription.status === 'past_due' && (
        <Alert severity="warning" role="note" data-testid="subscription-past-due">
          {subscription.next_retry_at
            ? t('subscription.pastDue', { date: date(subscription.next_retry_at) })
            : t('subscription.pastDueNoRetry')}
        </Alert>
      )}
      {subscription.source === 'manual' && (
        <Alert severity="info" role="note">
          {t('subscription.manualHint')}
        </Alert>
      )}
      {subscription.cancel_at_period_end && (
        <Alert severity="info" role="note" data-testid="subscription-ends">
          {t('subscription.cancelledHint', { plan, date: date(subscription.current_period_end) })}
        </Alert>
      )}
      {pending && (
        <Alert
          severity="info"
          role="note"
          data-testid="subscription-pending"
          action={
            <Button
              color="inherit"
              size="small"
              loading={changing.isLoading}
              onClick={() => void keepPlan()}
              data-testid="subscription-keep"
            >
              {t('subscription.keep', { plan })}
            </Button>
          }
        >
          {t('subscription.pending', {
            plan: planName(pending.plan),
            period: t(`period.adverb.${pending.period}`),
            date: date(subscription.current_period_end),
          })}
        </Alert>
      )}
    </Stack>
  );
}
