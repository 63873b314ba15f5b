import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BillingPeriod, Plan, UserResponse } from '@themis/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentPath } from '../../../app/paths';
import { FormError } from '../../../components/form/FormError';
import { PlanChooser, usePlanName, type PlanState } from '../../billing';
import { useListPlansQuery } from '../../user/api';

/** The individual plans: a paid one chosen here is paid for once the questionnaire is done. */
export function PlanStep({
  user,
  onFinish,
}: {
  user: UserResponse;
  /** Ends the questionnaire: at the payment's page when given, else where it goes on to. */
  onFinish: (next?: string) => void;
}) {
  const { t } = useTranslation('questionnaire');
  const planName = usePlanName();
  const plans = useListPlansQuery();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [selected, setSelected] = useState<Plan>();
  const individual = plans.data?.filter((plan) => plan.scope === 'individual');
  const paid = selected && !selected.is_free ? selected : undefined;

  const stateOf = (plan: Plan): PlanState => {
    if (plan.pk === user.customer.plan.pk) return 'current';
    return plan.pk === selected?.pk ? 'selected' : 'available';
  };

  function finish() {
    onFinish(paid && paymentPath({ plan: paid.pk, period }));
  }

  return (
    <Stack spacing={2} data-testid="questionnaire-plans">
      <div>
        <Typography component="h2" variant="h6">
          {t('plans.heading')}
        </Typography>
        <Typography color="text.secondary">{t('plans.description')}</Typography>
      </div>
      {plans.isError && <FormError error={plans.error} />}
      {paid && (
        <Alert severity="info" role="status">
          {t('plans.paymentNext', {
            plan: planName(paid),
            period: t(`billing:period.adverb.${period}`),
          })}
        </Alert>
      )}
      <PlanChooser
        plans={plans.isError ? [] : individual}
        period={period}
        onPeriodChange={setPeriod}
        stateOf={stateOf}
        onChoose={setSelected}
      />
      <Button
        variant="contained"
        size="large"
        data-testid="questionnaire-finish"
        onClick={finish}
        sx={{ alignSelf: { sm: 'flex-end' } }}
      >
        {t(paid ? 'plans.toPayment' : 'plans.finish')}
      </Button>
    </Stack>
  );
}
