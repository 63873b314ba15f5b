import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BillingPeriod, Plan } from '@themis/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paymentPath } from '../../../app/paths';
import { FormError } from '../../../components/form/FormError';
import { useGetBillingOverviewQuery, useListPlansQuery, type BillingAccount } from '../api';
import { planStateOf } from '../plan-state';
import { PlanChooser } from './PlanChooser';
import { usePlanName } from '../plan-name';

export interface PlanPickerProps {
  organizationPk: BillingAccount;
  scope: Plan['scope'];
  /** Where the subscription is shown, to cancel it when the free plan is chosen. */
  subscriptionPath: string;
}

/**
 * The account's plans with their states; the selected one continues to payment, or, for the
 * free plan while subscribed, to the subscription to cancel it.
 */
export function PlanPicker({ organizationPk, scope, subscriptionPath }: PlanPickerProps) {
  const { t } = useTranslation('billing');
  const planName = usePlanName();
  const plans = useListPlansQuery();
  const overview = useGetBillingOverviewQuery(organizationPk);
  const [chosenPeriod, setPeriod] = useState<BillingPeriod>();
  const [selected, setSelected] = useState<string>();
  const period = chosenPeriod ?? overview.data?.subscription?.period ?? 'monthly';
  const loaded = plans.data && overview.data;
  const shown = loaded ? plans.data?.filter((plan) => plan.scope === scope) : undefined;

  const renderSelected = (plan: Plan) =>
    plan.is_free ? (
      <>
        <Alert severity="info" role="status">
          {t('plans.toFree', { plan: planName(plan) })}
        </Alert>
        <Button
          component={RouterLink}
          to={subscriptionPath}
          variant="outlined"
          data-testid="billing-continue"
        >
          {t('plans.toSubscription')}
        </Button>
      </>
    ) : (
      <Button
        component={RouterLink}
        to={paymentPath({ plan: plan.pk, period, organization: organizationPk })}
        variant="contained"
        color="secondary"
        data-testid="billing-continue"
      >
        {t('plans.continue', { plan: planName(plan) })}
      </Button>
    );

  const error = plans.error ?? overview.error;
  return (
    <Stack spacing={2} data-testid="billing-plans">
      <div>
        <Typography component="h2" variant="h6">
          {t('plans.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('plans.description')}
        </Typography>
      </div>
      {error !== undefined && !loaded ? (
        <FormError error={error}>
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              void plans.refetch();
              void overview.refetch();
            }}
            sx={{ ml: 1 }}
          >
            {t('retry')}
          </Button>
        </FormError>
      ) : (
        <PlanChooser
          plans={shown}
          period={period}
          onPeriodChange={setPeriod}
          stateOf={(plan) => planStateOf(plan, period, overview.data, selected)}
          onChoose={(plan) => setSelected(plan.pk)}
          renderSelected={renderSelected}
        />
      )}
    </Stack>
  );
}
